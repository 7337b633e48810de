import crypto from "node:crypto";

/** URL-encodes like PHP's urlencode(), which PayFast's signature uses: spaces as '+', upper-case hex. */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

export const md5 = (text: string) => crypto.createHash("md5").update(text, "utf8").digest("hex");
