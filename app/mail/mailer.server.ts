import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/env.server";
import { log } from "~/lib/log.server";
import { plainContent, type MailContent, type MailShop } from "./mail-content";

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text part, as readable on its own as the HTML part. */
  text: string;
  /** What the HTML part shows; without it, the text's paragraphs under the subject. */
  email?: MailContent;
  replyTo?: string;
  headers?: Record<string, string>;
  /** Files sent with the message (a purchase order's PDF); SMTP and the outbox both carry them. */
  attachments?: MailAttachment[];
};

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

/** Who sends it: the name and address it comes from, and the contact details its footer shows. */
export type MailSender = MailShop;

/**
 * Sends one e-mail, as HTML (the shop's one layout) with its plain-text part: through SMTP_URL
 * when it is set, otherwise written as an .eml file to DATA_DIR/outbox so the demo's mail can be
 * read.
 */
export async function sendMail(message: MailMessage, from: MailSender): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = env();
  const html = await messageHtml(message, from);
  if (BROKEN_VALUE.test(message.text) || BROKEN_VALUE.test(html)) {
    // A builder let a missing value through: send anyway (the shopper needs the mail), tell staff.
    log.warn("An e-mail about to be sent contains 'undefined' or 'NaN'");
  }
  const envelope = {
    from: MAIL_FROM ?? { name: from.name, address: from.email },
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html,
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

/** The HTML part of a message, as `sendMail` sends it (and Settings > Notifications shows it). */
export async function messageHtml(message: MailMessage, from: MailSender): Promise<string> {
  // Loaded with the first message, not when the server starts.
  const { renderEmailHtml } = await import("./render-email.server");
  return renderEmailHtml({
    shop: from,
    content: message.email ?? plainContent(message.subject, message.text),
  });
}

const BROKEN_VALUE = /\bundefined\b|\bNaN\b/;

const transports = new Map<string, nodemailer.Transporter>();
function smtpTransport(url: string) {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}
