import { createHash } from "node:crypto";
import type { EntryContext } from "react-router";

/**
 * Rendered pages, kept by everything the render reads: the address and every route's loader
 * data (stock, prices, settings, theme and origin included). The loaders still run on every
 * request, so the data is always fresh; only when it is byte for byte what an earlier render of
 * the same address used is the earlier HTML sent again instead of rendering the page anew. A
 * changed price, stock level, picture or setting gives another key, never a stale page.
 *
 * Only the catalogue pages whose render is a pure function of URL and loader data take part
 * (React rendering is what limits a listing's requests per second, not the database).
 */
const CACHEABLE_ROUTES = new Set([
  "routes/store/home",
  "routes/store/products",
  "routes/store/product",
  "routes/store/mattresses",
  "routes/store/beds",
  "routes/store/bedding",
]);

const MAX_BYTES = 24 * 1024 * 1024;
const cache = new Map<string, string>();
let cachedBytes = 0;

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
    const inputs = JSON.stringify([request.url, handler.loaderData], replacer);
    return createHash("sha256").update(inputs).digest("base64url");
  } catch (error) {
    if (error instanceof Uncacheable) return null;
    throw error;
  }
}

export function cachedRender(key: string): string | undefined {
  const html = cache.get(key);
  if (html !== undefined) {
    // Most recently used last, so the oldest goes first.
    cache.delete(key);
    cache.set(key, html);
  }
  return html;
}

export function rememberRender(key: string, html: string) {
  if (html.length > MAX_BYTES / 8) return;
  const previous = cache.get(key);
  if (previous !== undefined) cachedBytes -= previous.length;
  cache.delete(key);
  cache.set(key, html);
  cachedBytes += html.length;
  for (const [oldKey, oldHtml] of cache) {
    if (cachedBytes <= MAX_BYTES) break;
    cache.delete(oldKey);
    cachedBytes -= oldHtml.length;
  }
}

/** For tests. */
export function clearRenderCache() {
  cache.clear();
  cachedBytes = 0;
}
