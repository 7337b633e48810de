import { sendMail, type MailMessage } from "~/mail/mailer.server";
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
    await sendMail(
      { ...message, text: `${message.text}\n\n${signature(settings)}` },
      { name: settings.storeName, email: settings.email },
    );
  }
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

function signature(s: StoreSettings) {
  return [
    "--",
    s.storeName,
    `${s.streetAddress}, ${s.town}, ${s.postalCode}`,
    `Phone ${s.phone} · ${s.email}`,
  ].join("\n");
}
