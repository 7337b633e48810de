import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { compressBest } from "~/lib/compression.server";
import { baseUrl } from "../browser";

/** The page as a browser taking `encoding` receives it: status, headers and bytes on the wire. */
function ask(path: string, encoding: string) {
  return new Promise<{ status?: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${baseUrl()}${path}`, { headers: { "accept-encoding": encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode,
              headers: response.headers,
              bytes: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

const decode = {
  br: (bytes: Buffer) => zlib.brotliDecompressSync(bytes).toString(),
  gzip: (bytes: Buffer) => zlib.gunzipSync(bytes).toString(),
};

describe("catalogue pages over the wire", () => {
  it("go out compressed; a page asked for again as smaller Brotli bytes made once", async () => {
    // An address no other journey asks for, so its page is rendered here first.
    const path = `/mattresses?sort=price-asc&_=${Date.now()}`;
    // A page is kept from its second render on: the first only notes its address.
    await ask(path, "identity");
    const plain = await ask(path, "identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const html = plain.bytes.toString();
    expect(html).toContain("</html>");

    // What a phone's browser takes: compressed on the way out the first time...
    const phone = "gzip, deflate, br, zstd";
    const first = await ask(path, phone);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(decode.br(first.bytes)).toBe(html);
    // ...then the kept copy, compressed harder, once it is ready.
    const best = await compressBest(html, "br");
    expect(best.length).toBeLessThan(first.bytes.length);
    const kept = await vi.waitFor(
      async () => {
        const again = await ask(path, phone);
        expect(Buffer.from(best).equals(again.bytes)).toBe(true);
        return again;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(kept.headers["content-encoding"]).toBe("br");
    expect(kept.headers.vary).toMatch(/accept-encoding/i);
    expect(decode.br(kept.bytes)).toBe(html);

    // A browser without Brotli gets gzip, every time.
    for (let i = 0; i < 4; i++) {
      const gzip = await ask(path, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(decode.gzip(gzip.bytes)).toBe(html);
    }
  });
});

describe("the build's scripts over the wire", () => {
  it("go out compressed, and as Brotli bytes made once at the best quality", async () => {
    const html = (await ask("/", "identity")).bytes.toString();
    const script = html.match(/"(\/assets\/framework-[\w-]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const plain = await ask(script!, "identity");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();

    const phone = "gzip, deflate, br, zstd";
    const first = await ask(script!, phone);
    expect(first.headers["content-encoding"]).toBe("br");
    expect(decode.br(first.bytes)).toBe(plain.bytes.toString());
    // Other journeys may have had it kept already: the kept copy is the best-quality one.
    const best = await compressBest(plain.bytes, "br");
    const kept = await vi.waitFor(
      async () => {
        const again = await ask(script!, phone);
        expect(Buffer.from(best).equals(again.bytes)).toBe(true);
        return again;
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(kept.headers["content-encoding"]).toBe("br");
    expect(kept.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(kept.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(decode.br(kept.bytes)).toBe(plain.bytes.toString());

    const gzip = await ask(script!, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(decode.gzip(gzip.bytes)).toBe(plain.bytes.toString());
  });

  it("answer 404 for a name that is not a file of the build", async () => {
    for (const path of ["/assets/no-such-file.js", "/assets/..%2f..%2fpackage.json"]) {
      expect((await ask(path, "br")).status).toBe(404);
    }
  });
});
