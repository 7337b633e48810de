import { sendMail } from "~/mail/mailer.server";
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
  const shop = from.name;
  await sendMail(
    {
      to: options.to,
      subject: `Confirm your e-mail address for ${shop}`,
      text: [
        `Thank you for creating an account with ${shop}.`,
        "",
        "Confirm your e-mail address here (the link works for 24 hours):",
        options.link,
        "",
        "Once it is confirmed, orders you placed with this address as a guest appear in your account.",
        "If you did not create an account, ignore this e-mail.",
      ].join("\n"),
    },
    from,
  );
}
