import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressBest, preferredEncoding } from "./compression.server";

describe("compressing once", () => {
  it("reads Accept-Encoding as browsers send it", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.8")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding("gzip;q=0")).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding(null)).toBeNull();
  });

  it("compresses text, and the bytes decode to the same text", async () => {
    const text = "<p class='card'>Queen mattress, R3 199</p>".repeat(200);
    const br = await compressBest(text, "br");
    const gzip = await compressBest(Buffer.from(text), "gzip");
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(zlib.gunzipSync(gzip).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 20);
    expect(gzip.length).toBeLessThan(text.length / 20);
  });
});
