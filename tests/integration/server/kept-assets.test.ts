import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressBest } from "~/lib/compression.server";
import { keptCompressedAssets } from "../../../server/kept-assets";
import { securityHeaders } from "../../../server/security-headers";

let dir: string;
let base: string;
let close: () => void;
const script = `export const greeting = "${"Sawubona, Dumela, Molo. ".repeat(200)}";\n`;

/** The build's assets folder as the server mounts it: kept copies first, then the files. */
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "kept-assets-"));
  await fs.writeFile(path.join(dir, "entry-AbC123.js"), script);
  await fs.writeFile(path.join(dir, "app-XyZ789.css"), "body{margin:0}".repeat(100));
  await fs.writeFile(path.join(dir, "photo.avif"), Buffer.alloc(64, 1));
  const kept = keptCompressedAssets(dir);
  await kept.ready;
  const app = express();
  app.use(securityHeaders());
  app.use("/assets", kept, express.static(dir, { immutable: true, maxAge: "1y" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
  close = () => server.close();
});

afterAll(async () => {
  close?.();
  await fs.rm(dir, { recursive: true, force: true });
});

describe("the build's scripts and styles", () => {
  it("reach the first visitor after a start as Brotli bytes made once at the best quality", async () => {
    const best = await compressBest(Buffer.from(script), "br");
    const answer = await fetch(`${base}/entry-AbC123.js`, {
      headers: { "accept-encoding": "gzip, deflate, br, zstd" },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe("br");
    expect(answer.headers.get("content-length")).toBe(String(best.length));
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The type without a charset: a module script is read as UTF-8 whatever the header says.
    expect(answer.headers.get("content-type")).toBe("text/javascript");
    // fetch decodes the body: it is the script itself.
    expect(await answer.text()).toBe(script);
    expect(zlib.brotliDecompressSync(best).toString()).toBe(script);
  });

  it("carry no-sniffing but none of the documents' own policies", async () => {
    for (const name of ["entry-AbC123.js", "app-XyZ789.css"]) {
      const answer = await fetch(`${base}/${name}`, { headers: { "accept-encoding": "br" } });
      expect(answer.status, name).toBe(200);
      expect(answer.headers.get("x-content-type-options"), name).toBe("nosniff");
      for (const header of [
        "content-security-policy",
        "permissions-policy",
        "x-frame-options",
        "referrer-policy",
      ]) {
        expect(answer.headers.get(header), `${name} ${header}`).toBeNull();
      }
    }
    // A picture keeps them all (it could be opened as a document of its own).
    const picture = await fetch(`${base}/photo.avif`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it("leave an unknown name or a path outside the folder to a 404", async () => {
    for (const name of ["no-such-file.js", "..%2fentry-AbC123.js", "%2e%2e%2fpackage.json"]) {
      const answer = await fetch(`${base}/${name}`, { headers: { "accept-encoding": "br" } });
      expect(answer.status, name).toBe(404);
    }
  });
});
