import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { mediaStore } from "~/lib/configured-media-store.server";
import type { MediaStore } from "~/lib/media-store.server";
import { mediaRoute } from "../../../server/media-route";
import { startLocalS3, type LocalS3 } from "../../setup/s3-server";

/**
 * Both media stores, as the shop configures them from its environment: the data folder
 * (MEDIA_STORE unset) and S3-compatible object storage (a real local server, through the AWS
 * SDK). Each is also served at /media as the shop serves it.
 */
const BUCKET = "shop-media";
let s3: LocalS3;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "media-store-test-"));
const WEBP = Buffer.from("RIFF\x10\x00\x00\x00WEBPVP8 fake image bytes", "latin1");

beforeAll(async () => {
  s3 = await startLocalS3(BUCKET);
  // The SDK reads its key pair from the environment, as in production.
  Object.assign(process.env, s3.env());
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const stores: [string, () => MediaStore][] = [
  ["the data folder", () => mediaStore({ dataDir }, parseEnv({}))],
  [
    "S3-compatible object storage",
    () => mediaStore({}, parseEnv({ ...s3.env("shop-a"), DATA_DIR: dataDir })),
  ],
];

/** The store's /media route on a port of its own; a name with no file reaches the 404. */
async function serve(store: MediaStore) {
  const app = express();
  app.use("/media", mediaRoute(store));
  app.use((_req, res) => void res.status(404).send("Page not found"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/media`, close: () => server.close() };
}

/** A GET's status, with exactly these headers. */
function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (answer) => {
        answer.resume();
        resolve(answer.statusCode ?? 0);
      })
      .once("error", reject);
  });
}

describe.each(stores)("media in %s", (_name, storeOf) => {
  it("keeps what is put and gives it back with its type and length", async () => {
    const store = storeOf();
    await store.put("products/oak-bed-1a2b-640.webp", WEBP, "image/webp");
    const found = await store.get("products/oak-bed-1a2b-640.webp");
    expect(found).toMatchObject({ contentType: "image/webp", contentLength: WEBP.length });
    const chunks: Buffer[] = [];
    for await (const chunk of found!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(WEBP);
    expect(await store.head("products/oak-bed-1a2b-640.webp")).toMatchObject({
      contentLength: WEBP.length,
    });
  });

  it("lists a folder's files at any depth with when each was written, and deletes one", async () => {
    const store = storeOf();
    const before = Date.now() - 60_000;
    await store.put("listed/a.webp", WEBP, "image/webp");
    await store.put("listed/deeper/b.webp", WEBP, "image/webp");
    await store.put("listed-not/c.webp", WEBP, "image/webp");
    const listed = [];
    for await (const file of store.list("listed")) listed.push(file);
    expect(listed.map((f) => f.name).sort()).toEqual(["listed/a.webp", "listed/deeper/b.webp"]);
    for (const file of listed) expect(file.lastModified.getTime()).toBeGreaterThan(before);
    await store.delete("listed/a.webp");
    expect(await store.head("listed/a.webp")).toBeNull();
    // A name with no file is no error; a folder with no files lists nothing.
    await store.delete("listed/a.webp");
    const empty = [];
    for await (const file of store.list("no-such-folder")) empty.push(file);
    expect(empty).toEqual([]);
    await expect(store.delete("../outside.webp")).rejects.toThrow(/Not a media file name/);
  });

  it("answers null for a name it does not hold, and refuses a name that leaves it", async () => {
    const store = storeOf();
    expect(await store.get("products/no-such-picture-640.webp")).toBeNull();
    expect(await store.head("products/no-such-picture-640.webp")).toBeNull();
    await expect(store.put("../outside.webp", WEBP, "image/webp")).rejects.toThrow(
      /Not a media file name/,
    );
  });

  it("is served at /media with a year's cache, and a missing file is 404", async () => {
    const store = storeOf();
    await store.put("site/about-960.avif", WEBP, "image/avif");
    const server = await serve(store);
    try {
      const answer = await fetch(`${server.url}/site/about-960.avif`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/avif");
      expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(answer.headers.get("content-length")).toBe(String(WEBP.length));
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(WEBP);

      const etag = answer.headers.get("etag");
      expect(etag).toBeTruthy();
      // (fetch would add Cache-Control: no-cache to a conditional request, as browsers do.)
      expect(await statusOf(`${server.url}/site/about-960.avif`, { "If-None-Match": etag! })).toBe(
        304,
      );

      const head = await fetch(`${server.url}/site/about-960.avif`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(WEBP.length));

      expect((await fetch(`${server.url}/site/missing-960.avif`)).status).toBe(404);
      expect((await fetch(`${server.url}/%2e%2e/secret.txt`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("never serves a delivery proof at /media, however the path is written", async () => {
    const store = storeOf();
    const png = Buffer.from("\x89PNG\r\n\x1a\n signature", "latin1");
    await store.put("proofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png", png, "image/png");
    expect(await store.head("proofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png")).not.toBeNull();
    const server = await serve(store);
    try {
      for (const way of [
        "proofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "Proofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "%70roofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "proofs%2F0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "site/..%2Fproofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "./proofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "/proofs/0b7d2c1e-5f4a-4c3b-9a8d-7e6f5a4b3c2d.png",
        "proofs/",
      ]) {
        const answer = await fetch(`${server.url}/${way}`);
        expect(answer.status, way).toBe(404);
        expect(Buffer.from(await answer.arrayBuffer()).includes(png), way).toBe(false);
      }
    } finally {
      server.close();
    }
  });
});

describe("two shops on one bucket", () => {
  it("see each other's files, each under the prefix of MEDIA_STORE", async () => {
    const one = mediaStore({}, parseEnv({ ...s3.env("shared"), DATA_DIR: "/one" }));
    const other = mediaStore({}, parseEnv({ ...s3.env("shared/"), DATA_DIR: "/other" }));
    await one.put("products/pine-bed-9f8e-320.webp", WEBP, "image/webp");
    expect(await other.head("products/pine-bed-9f8e-320.webp")).toMatchObject({
      contentType: "image/webp",
    });
    // The prefix is the object's place in the bucket (what a CDN in front of it serves).
    const object = await fetch(`${s3.endpoint}/${BUCKET}/shared/products/pine-bed-9f8e-320.webp`);
    expect(object.status).toBe(200);
  });
});
