import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { documentPolicy } from "~/lib/csp.server";
import { mediaBaseUrl, mediaStore } from "~/lib/configured-media-store.server";
import { mediaSrc, mediaSrcSet, setMediaBase } from "~/lib/media";
import { absoluteUrl } from "~/lib/seo";
import { startLocalS3, type LocalS3 } from "../../setup/s3-server";

/**
 * MEDIA_PUBLIC_URL: a CDN (here the bucket's own public address) in front of the object
 * storage. Image URLs are written on it, the pages' CSP lets the browser load them, and each
 * URL finds the object the store wrote.
 */
const BUCKET = "public-media";
let s3: LocalS3;

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  Object.assign(process.env, s3.env());
});
afterEach(() => {
  setMediaBase(undefined);
  delete process.env.MEDIA_PUBLIC_URL;
});
afterAll(() => s3?.close());

describe("the media settings", () => {
  it("stop start-up with a message naming the variable", () => {
    expect(() => parseEnv({ MEDIA_STORE: "/var/media" })).toThrow(/MEDIA_STORE: must be s3:\/\//);
    expect(() => parseEnv({ MEDIA_STORE: "s3://No_Such" })).toThrow(/MEDIA_STORE/);
    expect(() => parseEnv({ MEDIA_STORE: "s3://shop/../up" })).toThrow(/MEDIA_STORE/);
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(
      /S3_ENDPOINT: is set, but MEDIA_STORE is not/,
    );
    expect(() => parseEnv({ MEDIA_STORE: "s3://shop", S3_ENDPOINT: "minio:9000" })).toThrow(
      /S3_ENDPOINT: must start with http:\/\/ or https:\/\//,
    );
    expect(() => parseEnv({ AWS_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(
      /AWS_SECRET_ACCESS_KEY: is required with AWS_ACCESS_KEY_ID/,
    );
    expect(() => parseEnv({ MEDIA_PUBLIC_URL: "https://cdn.example/shop?v=1" })).toThrow(
      /MEDIA_PUBLIC_URL: must be an address without a query/,
    );
  });

  it("never repeat a secret in their messages", () => {
    const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    expect(() => parseEnv({ AWS_SECRET_ACCESS_KEY: secret })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining(secret) }),
    );
  });

  it("read the bucket and prefix, with or without slashes", () => {
    expect(parseEnv({ MEDIA_STORE: "s3://shop-media" }).MEDIA_STORE).toEqual({
      bucket: "shop-media",
      prefix: "",
    });
    expect(parseEnv({ MEDIA_STORE: "s3://shop-media/live/media/" }).MEDIA_STORE).toEqual({
      bucket: "shop-media",
      prefix: "live/media",
    });
  });
});

describe("MEDIA_PUBLIC_URL", () => {
  it("puts image URLs on the CDN, absolute in link previews too", () => {
    const e = parseEnv({ MEDIA_PUBLIC_URL: "https://media.example.co.za/shop/" });
    expect(mediaBaseUrl(e)).toBe("https://media.example.co.za/shop");
    expect(mediaBaseUrl(parseEnv({}))).toBe("/media");
    setMediaBase(mediaBaseUrl(e));
    expect(mediaSrc("products/oak", 960)).toBe(
      "https://media.example.co.za/shop/products/oak-960.webp",
    );
    expect(mediaSrcSet("products/oak", "avif")).toContain(
      "https://media.example.co.za/shop/products/oak-320.avif 320w",
    );
    expect(absoluteUrl("https://shop.example", mediaSrc("products/oak", 960))).toBe(
      "https://media.example.co.za/shop/products/oak-960.webp",
    );
    setMediaBase(undefined);
    expect(absoluteUrl("https://shop.example", mediaSrc("products/oak", 960))).toBe(
      "https://shop.example/media/products/oak-960.webp",
    );
  });

  it("is allowed by the pages' Content-Security-Policy", () => {
    expect(documentPolicy({ nonce: "n" })).toContain("img-src 'self' data: blob:;");
    process.env.MEDIA_PUBLIC_URL = "https://media.example.co.za/shop";
    expect(documentPolicy({ nonce: "n" })).toContain(
      "img-src 'self' data: blob: https://media.example.co.za;",
    );
  });

  it("finds the objects the store wrote", async () => {
    const e = parseEnv({
      ...s3.env("live"),
      MEDIA_PUBLIC_URL: `${s3.endpoint}/${BUCKET}/live`,
    });
    await mediaStore({}, e).put(
      "products/ash-bed-77aa-640.webp",
      Buffer.from("webp"),
      "image/webp",
    );
    setMediaBase(mediaBaseUrl(e));
    const answer = await fetch(mediaSrc("products/ash-bed-77aa", 640));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    // What a CDN passes on from the object: a year's cache.
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
