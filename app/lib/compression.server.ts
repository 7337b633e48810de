import { promisify } from "node:util";
import zlib from "node:zlib";

/**
 * Compressing once what is sent many times (cached pages, the build's scripts and styles): the
 * browser's preferred encoding, at the best quality, off the main thread (zlib's thread pool).
 */
export type Encoding = "br" | "gzip";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** `body` compressed as `encoding` at its best quality (Brotli 11, gzip 9). */
export async function compressBest(
  body: string | Uint8Array,
  encoding: Encoding,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes =
    encoding === "br"
      ? await brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]:
              typeof body === "string" ? Buffer.byteLength(body) : body.length,
          },
        })
      : await gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION });
  return new Uint8Array(bytes);
}

/** Brotli when the browser takes it, else gzip, else none (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return null;
}
