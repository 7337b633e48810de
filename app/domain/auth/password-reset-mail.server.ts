import { sendMail } from "~/mail/mailer.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";

/** E-mails a password reset link (valid for an hour) through the shop's mailer. */
export async function sendPasswordResetMail(options: { to: string; link: string }) {
  const settings = await getStoreSettings().catch(() => null);
  const shop = settings?.storeName ?? "Slumber Corner Beds";
  await sendMail(
    {
      to: options.to,
      subject: `Reset your ${shop} password`,
      text: [
        "Someone asked to reset the password of your account.",
        "",
        `Choose a new password here (the link works for one hour, once):`,
        options.link,
        "",
        "If you did not ask for this, ignore this e-mail: your password stays as it is.",
      ].join("\n"),
    },
    { name: shop, email: settings?.email ?? "no-reply@localhost" },
  );
}
