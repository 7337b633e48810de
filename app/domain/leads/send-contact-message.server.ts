import { db } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import type { ContactInput } from "./schemas";
import { notifyQuietly } from "./shop-mail.server";

/** Stores a message from the contact form and e-mails it to the shop and the sender. */
export async function sendContactMessage(input: ContactInput) {
  const [message] = await db().insert(contactMessages).values(input).returning();
  if (!message) throw new Error("The message was not saved.");
  const name = `${input.firstName} ${input.lastName}`;
  await notifyQuietly("contact message", (shop) => [
    {
      to: shop.email,
      replyTo: input.email,
      subject: `Contact form #${message.id}: ${input.subject}`,
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
  ]);
  return message;
}
