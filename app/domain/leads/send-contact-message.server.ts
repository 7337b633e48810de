import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import type { ContactInput } from "./schemas";
import { notifyQuietly } from "./shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailMessage } from "~/mail/mailer.server";

/**
 * Stores a message from the contact form and e-mails it to the shop. The sender gets a copy
 * only when the caller has found the address confirmed (`copyToSender`: a signed-in shopper's
 * verified address): the form takes any address, and a copy of any words sent there would let
 * a stranger mail whom they like in the shop's name.
 */
export async function sendContactMessage(options: { input: ContactInput; copyToSender?: boolean }) {
  const { input } = options;
  const [message] = await db().insert(contactMessages).values(input).returning();
  if (!message) throw new Error("The message was not saved.");
  const copy = options.copyToSender === true;
  await notifyQuietly("contact message", (shop) => [
    contactMessageMail(input, message.id, shop),
    ...(copy ? [contactCopyMail(input, shop)] : []),
  ]);
  return message;
}

/** The message for the shop; a reply goes to the address the sender typed. */
export function contactMessageMail(
  input: ContactInput,
  id: number,
  shop: Pick<StoreSettings, "email">,
): MailMessage {
  const name = `${input.firstName} ${input.lastName}`;
  return {
    to: shop.email,
    replyTo: input.email,
    subject: `Contact form #${id}: ${input.subject}`,
    text: [
      `From: ${name} <${input.email}>`,
      `Phone: ${input.phone || "(not given)"}`,
      `Subject: ${input.subject}`,
      "",
      input.message,
    ].join("\n"),
  };
}

/** The sender's copy, for a confirmed address only (`sendContactMessage`). */
export function contactCopyMail(
  input: ContactInput,
  shop: Pick<StoreSettings, "storeName">,
): MailMessage {
  return {
    to: input.email,
    subject: `We received your message: ${input.subject}`,
    text: [
      `Dear ${input.firstName},`,
      "",
      `Thank you for contacting ${shop.storeName}. We'll reply within 24 hours.`,
      "",
      "Your message:",
      input.message,
    ].join("\n"),
  };
}
