import { decodeBody, flattenParts, splitMessage } from "./smtp";

export type MimePart = { headers: Map<string, string>; body: Buffer };

/**
 * The leaf parts of a multipart message (the text, the HTML, an attachment; nested multiparts
 * opened), each body decoded from base64 or quoted-printable: enough to find a PDF and the text
 * in a test.
 */
export function mimeParts(raw: string): MimePart[] {
  const message = splitMessage(raw);
  if (!message.headers.get("content-type")?.toLowerCase().startsWith("multipart/")) return [];
  return flattenParts(message.headers, message.body).map((part) => {
    const encoding = part.headers.get("content-transfer-encoding")?.toLowerCase();
    const body =
      encoding === "base64"
        ? Buffer.from(part.body.replace(/\s+/g, ""), "base64")
        : Buffer.from(decodeBody(part.headers, part.body), "utf8");
    return { headers: part.headers, body };
  });
}

/** The raw message an SMTP test server received, put back together from what it kept. */
export function rawOf(mail: { headers: Map<string, string>; body: string }): string {
  const head = [...mail.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  return `${head}\n\n${mail.body}`;
}
