import { INERT_MODULE_SCRIPT, INERT_MODULEPRELOAD } from "./deferred-scripts";

/**
 * The document's rewrite for deferred scripts (see deferred-scripts.ts), done on the bytes React
 * writes: decoding every chunk to text and encoding it again cost a listing page about as much
 * as rendering its header.
 */
const REPLACEMENTS = [
  ['rel="modulepreload"', INERT_MODULEPRELOAD],
  ['<script type="module"', `<script ${INERT_MODULE_SCRIPT}`],
].map(([from, to]) => [Buffer.from(from!), Buffer.from(to!)] as const);

const LONGEST = Math.max(...REPLACEMENTS.map(([from]) => from.length));

/** `bytes` with every `from` replaced by `to`; the same buffer when there is none. */
function replaceAll(bytes: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = bytes.indexOf(from);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let start = 0;
  while (at !== -1) {
    parts.push(bytes.subarray(start, at), to);
    start = at + from.length;
    at = bytes.indexOf(from, start);
  }
  parts.push(bytes.subarray(start));
  return Buffer.concat(parts);
}

const rewrite = (bytes: Buffer) =>
  REPLACEMENTS.reduce((out, [from, to]) => replaceAll(out, from, to), bytes);

/**
 * A rewriter for the streamed document: feed it chunks in order, then call `end()`. It holds back
 * the last few bytes of each chunk, so a marker split between two chunks is still found. The
 * chunks are read, not copied: React never writes into a chunk it has handed over.
 */
export function deferScripts() {
  let held: Buffer = Buffer.alloc(0);
  return {
    push(chunk: Uint8Array): Buffer {
      const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      const bytes = rewrite(held.length ? Buffer.concat([held, view]) : view);
      // A replaced marker never matches again, so rewriting the held-back bytes next time is
      // harmless. The markers are ASCII, so a cut inside a multi-byte character is never part
      // of one, and the pieces are joined again before any is decoded.
      const cut = Math.max(0, bytes.length - (LONGEST - 1));
      held = bytes.subarray(cut);
      return bytes.subarray(0, cut);
    },
    end(): Buffer {
      const rest = rewrite(held);
      held = Buffer.alloc(0);
      return rest;
    },
  };
}
