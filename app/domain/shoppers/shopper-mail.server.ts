import { sendMail, type MailMessage } from "~/mail/mailer.server";
import { shopSenderOrDefault } from "~/domain/leads/shop-mail.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { isStaffRole } from "~/domain/auth/roles";

/** A shopper's e-mail verification link works for a day. */
export const VERIFY_EMAIL_SECONDS = 24 * 60 * 60;

/** Where a reset link leads: staff to the Admin Portal's page, shoppers to their account's. */
export function resetLink(baseURL: string, user: object, token: string): string {
  // better-auth hands over the user row with our additional fields (role) untyped.
  const role = (user as { role?: unknown }).role;
  const page = isStaffRole(typeof role === "string" ? role : null)
    ? "/admin-login/reset"
    : "/account/reset";
  return `${baseURL}${page}?token=${encodeURIComponent(token)}`;
}

export function verifyLink(baseURL: string, token: string): string {
  return `${baseURL}/account/verify?token=${encodeURIComponent(token)}`;
}

/** E-mails the link that verifies a shopper's address, through the shop's mailer. */
export async function sendVerificationMail(options: { to: string; link: string }) {
  const from = shopSenderOrDefault(await getStoreSettings().catch(() => null));
  await sendMail(verificationMail(options, from.name), from);
}

/** The new account's confirmation link: it works for a day. */
export function verificationMail(
  options: { to: string; link: string },
  shopName: string,
): MailMessage {
  const thanks = `Thank you for creating an account with ${shopName}.`;
  const joined =
    "Once it is confirmed, orders you placed with this address as a guest appear in your account.";
  const ignore = "If you did not create an account, ignore this e-mail.";
  return {
    to: options.to,
    subject: `Confirm your e-mail address for ${shopName}`,
    text: [
      thanks,
      "",
      "Confirm your e-mail address here (the link works for 24 hours):",
      options.link,
      "",
      joined,
      ignore,
    ].join("\n"),
    email: {
      heading: "Confirm your e-mail address",
      paragraphs: [thanks, "The button works for 24 hours."],
      action: { label: "Confirm my address", url: options.link },
      after: [`If the button does not work, open this address: ${options.link}`, joined, ignore],
    },
  };
}
