import { sendMail, type MailMessage, type MailSender } from "~/mail/mailer.server";
import { plainContent } from "~/mail/mail-content";
import { getStoreSettings, type StoreSettings } from "~/domain/settings/store-settings.server";
import { log } from "~/lib/log.server";

/**
 * Sends mail from the shop, signed with its name and contact details. Pass `settings` read
 * beforehand when sending inside a transaction (the embedded database runs one at a time).
 */
export async function sendShopMail(
  build: (settings: StoreSettings) => MailMessage | MailMessage[],
  settings?: StoreSettings,
): Promise<void> {
  settings ??= await getStoreSettings();
  const built = build(settings);
  const messages = Array.isArray(built) ? built : [built];
  for (const message of messages) {
    await sendMail(signedByShop(message, settings), shopSender(settings));
  }
}

/** A message as the shop sends it: its text signed with the shop's details. */
export function signedByShop(message: MailMessage, settings: StoreSettings): MailMessage {
  return {
    ...message,
    text: `${message.text}\n\n${signature(settings)}`,
    // The layout's footer carries the signature: the HTML part shows the text without it.
    email: message.email ?? plainContent(message.subject, message.text),
  };
}

/**
 * Enquiries are stored before they are mailed: a mail failure is logged for staff and never
 * loses the enquiry or fails the visitor's request.
 */
export async function notifyQuietly(
  what: string,
  build: Parameters<typeof sendShopMail>[0],
): Promise<void> {
  try {
    await sendShopMail(build);
  } catch (error) {
    log.error({ err: error }, `Could not send the ${what} e-mails`);
  }
}

/** The shop as the sender of its mail: its name, address and the footer's contact details. */
export function shopSender(s: StoreSettings): MailSender {
  return {
    name: s.storeName,
    email: s.email,
    phone: s.phone,
    address: `${s.streetAddress}, ${s.town}, ${s.postalCode}`,
  };
}

/** The sender when the settings could not be read (a reset link must still go out). */
export function shopSenderOrDefault(s: StoreSettings | null): MailSender {
  return s ? shopSender(s) : { name: "Slumber Corner Beds", email: "no-reply@localhost" };
}

function signature(s: StoreSettings) {
  return [
    "--",
    s.storeName,
    `${s.streetAddress}, ${s.town}, ${s.postalCode}`,
    `Phone ${s.phone} · ${s.email}`,
  ].join("\n");
}
