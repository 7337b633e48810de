import { db } from "~/db/client.server";
import { consultationRequests } from "~/db/schema";
import { CONSULTATION_TYPES, type ConsultationInput } from "./schemas";
import { notifyQuietly } from "./shop-mail.server";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailMessage } from "~/mail/mailer.server";

/** Stores a consultation request and e-mails it to the shop, with a copy to the visitor. */
export async function submitConsultation(input: ConsultationInput) {
  const [request] = await db().insert(consultationRequests).values(input).returning();
  if (!request) throw new Error("The consultation request was not saved.");
  await notifyQuietly("consultation", (shop) => consultationMails(input, request.id, shop));
  return request;
}

/** The request for the shop, and the visitor's copy. */
export function consultationMails(
  input: ConsultationInput,
  id: number,
  shop: Pick<StoreSettings, "email" | "storeName" | "phone">,
): MailMessage[] {
  const type =
    CONSULTATION_TYPES.find((t) => t.value === input.consultationType)?.label ??
    input.consultationType;
  return [
    {
      to: shop.email,
      replyTo: input.email,
      subject: `New consultation request #${id}: ${type}`,
      text: [
        `${input.name} asked for a free consultation.`,
        "",
        `Type: ${type}`,
        `Name: ${input.name}`,
        `E-mail: ${input.email}`,
        `Phone: ${input.phone}`,
        `Message: ${input.message || "(none)"}`,
      ].join("\n"),
    },
    {
      to: input.email,
      subject: `We received your consultation request`,
      text: [
        `Dear ${input.name},`,
        "",
        `Thank you for booking a free consultation (${type.toLowerCase()}) with ${shop.storeName}.`,
        "We'll contact you within 24 hours to schedule your consultation.",
        "",
        `If you need us sooner, call ${shop.phone}.`,
      ].join("\n"),
    },
  ];
}
