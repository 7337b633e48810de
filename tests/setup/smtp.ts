import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string;
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded, when the message has one. */
  html?: string;
  /** The body as it came, still encoded (every part of a multipart message). */
  body: string;
  headers: Map<string, string>;
};

/**
 * A real SMTP server on a free local port that keeps what it receives. `whileReceiving`, when
 * given, runs as each message arrives, before the server accepts it: what else happens while
 * the shop is still sending.
 */
export async function startSmtpServer(
  options: { whileReceiving?: (mail: ReceivedMail) => Promise<void> } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mail = parseMessage(Buffer.concat(chunks).toString("utf8"));
        received.push(mail);
        void (options.whileReceiving?.(mail) ?? Promise.resolve()).then(
          () => callback(),
          (error: unknown) => callback(error as Error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Reads a message the shop sends: its headers, and as `text` its plain-text part decoded (the
 * whole body for a single-part message), with `html` its HTML part and `body` the raw body.
 */
export function parseMessage(raw: string): ReceivedMail {
  const { headers, body } = splitMessage(raw);
  const parts = flattenParts(headers, body);
  const textPart = parts.find((p) => partType(p.headers).startsWith("text/plain"));
  const htmlPart = parts.find((p) => partType(p.headers).startsWith("text/html"));
  const single = !partType(headers).startsWith("multipart/");
  return {
    to: headers.get("to") ?? "",
    subject: headers.get("subject") ?? "",
    text: single
      ? decodeBody(headers, body)
      : textPart
        ? decodeBody(textPart.headers, textPart.body)
        : "",
    html: htmlPart ? decodeBody(htmlPart.headers, htmlPart.body) : undefined,
    body,
    headers,
  };
}

type RawPart = { headers: Map<string, string>; body: string };

/** A message or part cut into its headers and its still-encoded body. */
export function splitMessage(raw: string): RawPart {
  const [head = "", ...rest] = raw.replace(/\r\n/g, "\n").split("\n\n");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: rest.join("\n\n") };
}

/** Every leaf part of a message, nested multiparts opened (mixed around alternative). */
export function flattenParts(headers: Map<string, string>, body: string): RawPart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get("content-type") ?? "")?.[1];
  if (!partType(headers).startsWith("multipart/") || !boundary) return [{ headers, body }];
  const parts: RawPart[] = [];
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const part = splitMessage(chunk.replace(/^\n/, ""));
    parts.push(...flattenParts(part.headers, part.body.replace(/\n$/, "")));
  }
  return parts;
}

function partType(headers: Map<string, string>) {
  return headers.get("content-type")?.toLowerCase() ?? "";
}

/** A part's body decoded from quoted-printable or base64 into text. */
export function decodeBody(headers: Map<string, string>, raw: string): string {
  let body = raw;
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  if (encoding === "quoted-printable") {
    body = Buffer.from(
      body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`),
      "latin1",
    ).toString();
    body = decodeURIComponent(body.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  } else if (encoding === "base64") {
    body = Buffer.from(body, "base64").toString("utf8");
  }
  return body;
}
