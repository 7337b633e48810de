import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/env.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Files sent with the message (a purchase order's PDF); SMTP and the outbox both carry them. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailSender = { name: string; email: string };

/**
 * Sends one e-mail: through SMTP_URL when it is set, otherwise written as an .eml file to
 * DATA_DIR/outbox so the demo's mail can be read.
 */
export async function sendMail(message: MailMessage, from: MailSender): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = env();
  const envelope = {
    from: MAIL_FROM ?? { name: from.name, address: from.email },
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    headers: message.headers,
    attachments: message.attachments,
  };
  if (SMTP_URL) {
    await smtpTransport(SMTP_URL).sendMail(envelope);
    return;
  }
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true, newline: "unix" })
    .sendMail(envelope);
  const outbox = path.join(DATA_DIR, "outbox");
  await fs.mkdir(outbox, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
  await fs.writeFile(file, info.message as Buffer);
}

const transports = new Map<string, nodemailer.Transporter>();
function smtpTransport(url: string) {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}
