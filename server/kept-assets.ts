import fs from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import { compressBest, preferredEncoding, type Encoding } from "../app/lib/compression.server";

/**
 * What compresses well (pictures and fonts are compressed already), with its type. No charset:
 * module scripts are always read as UTF-8, and a style sheet or the sprite without one as their
 * UTF-8 page; the parameter would only add its bytes to every file a phone downloads.
 */
const COMPRESSIBLE = new Map([
  [".js", "text/javascript"],
  [".css", "text/css"],
  [".svg", "image/svg+xml"],
]);
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The build's scripts, styles and icon sprite, compressed once at the best quality the browser
 * takes (Brotli 11, else gzip 9) and kept in memory: their names change with their content, so a
 * copy never goes stale, and the build holds a bounded set of them. Every file's Brotli copy is
 * made when the server starts, one after another off the main thread, so that the first visitor
 * after a restart gets the smallest bytes too; a file asked for before its copy is ready, or in
 * gzip for the first time, is served by the next handler (`express.static`, compressed per
 * request).
 */
export function keptCompressedAssets(dir: string): RequestHandler & { ready: Promise<void> } {
  const kept = new Map<string, Uint8Array | Promise<void>>();
  const keep = (name: string, encoding: Encoding) => {
    const key = `${encoding} ${name}`;
    if (kept.has(key)) return kept.get(key);
    const making = fs
      .readFile(path.join(dir, name))
      .then((file) => compressBest(file, encoding))
      .then(
        (bytes) => void kept.set(key, bytes),
        // Not a file of the build: nothing kept, express.static answers 404.
        () => void kept.delete(key),
      );
    kept.set(key, making);
    return making;
  };
  const ready = fs.readdir(dir).then(
    async (names) => {
      for (const name of names) if (COMPRESSIBLE.has(path.extname(name))) await keep(name, "br");
    },
    () => undefined,
  );
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const extension = path.extname(name);
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    // Only a file of the folder itself, never a path.
    if (!encoding || !COMPRESSIBLE.has(extension) || !/^[\w-][\w.-]*$/.test(name)) return next();
    const copy = kept.get(`${encoding} ${name}`);
    if (copy instanceof Uint8Array) {
      // Node's own setter: Express's would add the charset back.
      res.setHeader("Content-Type", COMPRESSIBLE.get(extension)!);
      res.set({
        "Content-Encoding": encoding,
        "Content-Length": String(copy.length),
        "Cache-Control": IMMUTABLE,
        Vary: "Accept-Encoding",
      });
      res.end(req.method === "HEAD" ? undefined : copy);
      return;
    }
    if (copy === undefined) void keep(name, encoding);
    next();
  };
  /** Settles once every file's Brotli copy has been made (or failed). */
  return Object.assign(handler, { ready });
}
