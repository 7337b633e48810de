import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import type { ContactInput } from "./schemas";
import { notifyQuietly } from "./shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailMessage } from "~/mail/mailer.server";

/** Stores a message from the contact form and e-mails it to the shop and the sender. */
export async function sendContactMessage(input: ContactInput) {
  const [message] = await db().insert(contactMessages).values(input).returning();
  if (!message) throw new Error("The message was not saved.");
  await notifyQuietly("contact message", (shop) => contactMessageMails(input, message.id, shop));
  return message;
}

/** The message for the shop, and the sender's copy. */
export function contactMessageMails(
  input: ContactInput,
  id: number,
  shop: Pick<StoreSettings, "email" | "storeName">,
): MailMessage[] {
  const name = `${input.firstName} ${input.lastName}`;
  return [
    {
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
    },
    {
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
    },
  ];
}
