import { parseMessage } from "./smtp";

export type MimePart = { headers: Map<string, string>; body: Buffer };

/**
 * The parts of a multipart message (what the shop sends with an attachment), each body
 * decoded from base64 or quoted-printable: enough to find a PDF and the text in a test.
 */
export function mimeParts(raw: string): MimePart[] {
  const message = parseMessage(raw);
  const type = message.headers.get("content-type") ?? "";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [];
  const parts: MimePart[] = [];
  for (const chunk of message.text.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const part = parseMessage(chunk.replace(/^\n/, ""));
    const encoding = part.headers.get("content-transfer-encoding")?.toLowerCase();
    const body =
      encoding === "base64"
        ? Buffer.from(chunk.split("\n\n").slice(1).join("\n\n").replace(/\s+/g, ""), "base64")
        : Buffer.from(part.text.replace(/\n$/, ""), "utf8");
    parts.push({ headers: part.headers, body });
  }
  return parts;
}

/** The raw message an SMTP test server received, put back together from what it kept. */
export function rawOf(mail: { headers: Map<string, string>; text: string }): string {
  const head = [...mail.headers].map(([name, value]) => `${name}: ${value}`).join("\n");
  return `${head}\n\n${mail.text}`;
}
