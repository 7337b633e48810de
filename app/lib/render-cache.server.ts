import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";
import { compressBest, preferredEncoding, type Encoding } from "./compression.server";
import { inlineScriptHashes } from "./csp.server";
import { SizedCache } from "./sized-cache";
import { log } from "~/lib/log.server";
import { countCacheLookups } from "~/lib/metrics.server";

/**
 * Rendered pages, kept by everything the render reads: the address and every route's loader
 * data (stock, prices, settings, theme and origin included). The loaders still run on every
 * request, so the data is always fresh; only when it is byte for byte what an earlier render of
 * the same address used is the earlier HTML sent again instead of rendering the page anew. A
 * changed price, stock level, picture or setting gives another key, never a stale page.
 *
 * Only the catalogue pages whose render is a pure function of URL and loader data take part
 * (React rendering is what limits a listing's requests per second, not the database).
 *
 * A page is kept from its second render on: the first only notes its key. Most searches and
 * filter combinations are asked for once, and keeping each of them would only push out the
 * popular pages and hold memory until evicted. A page is kept as the UTF-8 bytes it went out
 * as, outside V8's heap (as a string, one with rating stars took two bytes a character and
 * the heap grew to twice what it held), and the cache is bounded by those bytes with its
 * compressed copies.
 *
 * A page asked for again is also kept compressed, the way the browser asked for it (Brotli at
 * its best quality, else gzip -9), off the main thread; from then on it goes out as those bytes
 * instead of being compressed again for every request: smaller for phones than the per-request
 * compression, and cheaper for the server.
 */
const CACHEABLE_ROUTES = new Set([
  "routes/store/home",
  "routes/store/products",
  "routes/store/product",
  "routes/store/mattresses",
  "routes/store/beds",
  "routes/store/bedding",
]);

const MAX_BYTES = 16 * 1024 * 1024;
/** Keys rendered once and not kept yet; a key is about 50 bytes. */
const MAX_SEEN = 4096;

type Entry = {
  html: Uint8Array<ArrayBuffer>;
  /** Its inline scripts' CSP hashes: a page sent again is allowed its scripts by these. */
  scriptHashes: string[];
  /** Each encoding's bytes once made; the promise while they are being made. */
  compressed: Partial<Record<Encoding, Uint8Array<ArrayBuffer> | Promise<void>>>;
};
export type CachedPage = {
  body: Uint8Array<ArrayBuffer>;
  encoding: Encoding | null;
  scriptHashes: string[];
};

const cache = new SizedCache<Entry>(MAX_BYTES, countCacheLookups("rendered_pages"));
const seenOnce = new Set<string>();

class Uncacheable extends Error {}

function replacer(_key: string, value: unknown): unknown {
  if (value === undefined) return { $undefined: true };
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (typeof value === "function" || typeof value === "symbol") throw new Uncacheable();
  if (value instanceof Promise) throw new Uncacheable();
  if (value instanceof Map) return { $map: [...value.entries()] };
  if (value instanceof Set) return { $set: [...value.values()] };
  return value;
}

/** The cache key of this document request, or null when it must be rendered every time. */
export function renderCacheKey(
  request: Request,
  statusCode: number,
  context: EntryContext,
): string | null {
  if (request.method !== "GET" || statusCode !== 200 || context.isSpaMode) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors || handler.actionData) return null;
  const leaf = handler.matches.at(-1)?.route.id;
  if (!leaf || !CACHEABLE_ROUTES.has(leaf)) return null;
  try {
    const { pathname, search } = new URL(request.url);
    const inputs = JSON.stringify([pathname + search, handler.loaderData], replacer);
    return createHash("sha256").update(inputs).digest("base64url");
  } catch (error) {
    if (error instanceof Uncacheable) return null;
    throw error;
  }
}

/**
 * The page kept under `key`, as the bytes of the encoding the browser prefers (`Accept-Encoding`)
 * once they are ready; until then the HTML, and the compressed copy is started.
 */
export function cachedRender(key: string, acceptEncoding: string | null): CachedPage | undefined {
  const entry = cache.get(key);
  if (entry === undefined) return undefined;
  const { scriptHashes } = entry;
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === null) return { body: entry.html, encoding: null, scriptHashes };
  const compressed = entry.compressed[encoding];
  if (compressed instanceof Uint8Array) return { body: compressed, encoding, scriptHashes };
  entry.compressed[encoding] ??= compressBest(entry.html, encoding)
    .then((bytes) => {
      if (cache.peek(key) !== entry) return;
      entry.compressed[encoding] = bytes;
      cache.grow(key, bytes.length);
    })
    .catch((error: unknown) => log.error({ err: error }, "Could not keep a rendered page"));
  return { body: entry.html, encoding: null, scriptHashes };
}

/**
 * Keeps a rendered page under `key` when the same key was rendered before (and is not kept
 * already); the first time, only the key is noted. `html` gives the document's bytes: they are
 * put together only when they are kept.
 */
export function rememberRender(key: string, html: () => Uint8Array<ArrayBuffer>) {
  if (cache.peek(key) === undefined && !seenOnce.delete(key)) {
    seenOnce.add(key);
    // The oldest noted key goes first.
    if (seenOnce.size > MAX_SEEN) seenOnce.delete(seenOnce.values().next().value!);
    return;
  }
  const page = html();
  const bytes = page.byteLength + key.length;
  if (bytes > MAX_BYTES / 8) return;
  const scriptHashes = inlineScriptHashes(new TextDecoder().decode(page));
  cache.set(key, { html: page, scriptHashes, compressed: {} }, bytes);
}

/** For tests. */
export function clearRenderCache() {
  cache.clear();
  seenOnce.clear();
}

/** For tests: what the cache holds, in bytes. */
export function renderCacheBytes() {
  return cache.size;
}
