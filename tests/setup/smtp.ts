import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  headers: Map<string, string>;
};

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(parseMessage(Buffer.concat(chunks).toString("utf8")));
        callback();
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

/** Reads the single-part text messages the shop sends (headers, then a 7bit, QP or base64 body). */
export function parseMessage(raw: string): ReceivedMail {
  const [head = "", ...rest] = raw.replace(/\r\n/g, "\n").split("\n\n");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  let body = rest.join("\n\n");
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
  return {
    to: headers.get("to") ?? "",
    subject: headers.get("subject") ?? "",
    text: body,
    headers,
  };
}
