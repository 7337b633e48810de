import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { EntryContext } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  cachedRender,
  clearRenderCache,
  rememberRender,
  renderCacheBytes,
  renderCacheKey,
} from "./render-cache.server";

const bytes = (html: string) => new TextEncoder().encode(html);
const text = (body: Uint8Array | undefined) => (body ? new TextDecoder().decode(body) : undefined);

/** A page is kept from its second render on. */
function renderTwice(key: string, html: string) {
  rememberRender(key, () => bytes(html));
  rememberRender(key, () => bytes(html));
}

function context(leaf: string, loaderData: Record<string, unknown>, extra = {}): EntryContext {
  return {
    isSpaMode: false,
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: leaf } }],
      loaderData,
      actionData: null,
      errors: null,
      ...extra,
    },
  } as unknown as EntryContext;
}

const get = (url: string) => new Request(url);
const listing = (available: number) => ({
  root: { theme: "system", origin: "https://shop.example" },
  "routes/store/products": { products: [{ id: 1, priceCents: 319900, available }] },
});

describe("render cache", () => {
  beforeEach(() => clearRenderCache());

  it("keys a catalogue page by its address and all of its loader data", () => {
    const a = renderCacheKey(
      get("https://shop.example/products"),
      200,
      context("routes/store/products", listing(3)),
    );
    const same = renderCacheKey(
      get("https://shop.example/products"),
      200,
      context("routes/store/products", listing(3)),
    );
    const otherStock = renderCacheKey(
      get("https://shop.example/products"),
      200,
      context("routes/store/products", listing(2)),
    );
    const otherUrl = renderCacheKey(
      get("https://shop.example/products?sort=price-asc"),
      200,
      context("routes/store/products", listing(3)),
    );
    expect(a).toBeTruthy();
    expect(same).toBe(a);
    expect(otherStock).not.toBe(a);
    expect(otherUrl).not.toBe(a);
  });

  it("tells undefined, maps and sets apart from what JSON would make of them", () => {
    const key = (value: unknown) =>
      renderCacheKey(get("https://shop.example/"), 200, context("routes/store/home", { x: value }));
    const keys = [
      key(undefined),
      key(null),
      key({}),
      key(new Map([["a", 1]])),
      key(new Set([1])),
      key([]),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("renders every time pages outside the catalogue, errors, posts and deferred data", () => {
    const url = "https://shop.example/products";
    expect(
      renderCacheKey(get("https://shop.example/cart"), 200, context("routes/store/cart", {})),
    ).toBeNull();
    expect(renderCacheKey(get(url), 404, context("routes/store/products", {}))).toBeNull();
    expect(
      renderCacheKey(
        get(url),
        200,
        context("routes/store/products", {}, { errors: { x: new Error("x") } }),
      ),
    ).toBeNull();
    expect(
      renderCacheKey(
        new Request(url, { method: "POST" }),
        200,
        context("routes/store/products", {}),
      ),
    ).toBeNull();
    expect(
      renderCacheKey(
        get(url),
        200,
        context("routes/store/products", { later: Promise.resolve(1) }),
      ),
    ).toBeNull();
  });

  it("remembers a page rendered twice and forgets the oldest when full", () => {
    rememberRender("a", () => bytes("<html>a</html>"));
    expect(cachedRender("a", null)).toBeUndefined();
    rememberRender("a", () => bytes("<html>a</html>"));
    expect(cachedRender("a", null)).toEqual({
      body: bytes("<html>a</html>"),
      encoding: null,
      scriptHashes: [],
    });
    const big = "x".repeat(1024 * 1024);
    for (let i = 0; i < 40; i++) renderTwice(`big${i}`, big);
    expect(cachedRender("a", null)).toBeUndefined();
    expect(text(cachedRender("big39", null)?.body)).toBe(big);
    expect(renderCacheBytes()).toBeLessThanOrEqual(16 * 1024 * 1024);
  });

  it("counts a page's UTF-8 bytes: a rating star takes three", () => {
    renderTwice("latin", "<p>a</p>".repeat(1000));
    expect(renderCacheBytes()).toBe(8 * 1000 + "latin".length);
    clearRenderCache();
    renderTwice("stars", "<p>★</p>".repeat(1000));
    expect(renderCacheBytes()).toBe(10 * 1000 + "stars".length);
  });

  it("allows a page sent again its inline scripts, characters beyond ASCII included", () => {
    const script = 'window.__data = {"name":"Sleep ★ Well"};';
    renderTwice("scripted", `<html><script>${script}</script><script src="/a.js"></script></html>`);
    const hash = createHash("sha256").update(script, "utf8").digest("base64");
    expect(cachedRender("scripted", null)?.scriptHashes).toEqual([`sha256-${hash}`]);
  });

  it("keeps nothing of pages rendered only once", () => {
    for (let i = 0; i < 100; i++) rememberRender(`once${i}`, () => bytes("<html>once</html>"));
    expect(renderCacheBytes()).toBe(0);
    expect(cachedRender("once1", null)).toBeUndefined();
  });

  it("sends a page asked for again as Brotli or gzip bytes once they are ready", async () => {
    const html = `<html>${"<p class='card'>Queen mattress</p>".repeat(500)}</html>`;
    renderTwice("page", html);
    const htmlBytes = renderCacheBytes();
    // The first time, the HTML (compressed on the way out); its compressed copy is started.
    expect(cachedRender("page", "gzip, deflate, br")).toEqual({
      body: bytes(html),
      encoding: null,
      scriptHashes: [],
    });
    // The compression runs on libuv's threads, which the other test files of this process share
    // (hashing, files): wait for it as long as a busy machine may need, not Vitest's 1 s.
    const ready = { timeout: 15_000, interval: 20 };
    const br = await vi.waitFor(() => {
      const page = cachedRender("page", "gzip, deflate, br");
      expect(page?.encoding).toBe("br");
      return page!.body as Uint8Array;
    }, ready);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(html);
    expect(br.length).toBeLessThan(html.length / 20);

    // A browser without Brotli gets gzip, one without either the HTML.
    const gzip = await vi.waitFor(() => {
      const page = cachedRender("page", "gzip");
      expect(page?.encoding).toBe("gzip");
      return page!.body as Uint8Array;
    }, ready);
    expect(zlib.gunzipSync(gzip).toString()).toBe(html);
    // Both compressed copies count towards the cache's bound.
    expect(renderCacheBytes()).toBe(htmlBytes + br.length + gzip.length);
    expect(cachedRender("page", null)).toEqual({
      body: bytes(html),
      encoding: null,
      scriptHashes: [],
    });

    // A new render under the same key drops the old compressed copies.
    rememberRender("page", () => bytes("<html>new</html>"));
    expect(cachedRender("page", "br")).toEqual({
      body: bytes("<html>new</html>"),
      encoding: null,
      scriptHashes: [],
    });
  });
});
