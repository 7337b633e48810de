import { sendMail, type MailMessage } from "~/mail/mailer.server";
import { shopSenderOrDefault } from "~/domain/leads/shop-mail.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";

/** E-mails a password reset link (valid for an hour) through the shop's mailer. */
export async function sendPasswordResetMail(options: { to: string; link: string }) {
  const from = shopSenderOrDefault(await getStoreSettings().catch(() => null));
  await sendMail(passwordResetMail(options, from.name), from);
}

/** The reset link's e-mail: it works for an hour, once. */
export function passwordResetMail(
  options: { to: string; link: string },
  shopName: string,
): MailMessage {
  const ask = "Someone asked to reset the password of your account.";
  const ignore = "If you did not ask for this, ignore this e-mail: your password stays as it is.";
  return {
    to: options.to,
    subject: `Reset your ${shopName} password`,
    text: [
      ask,
      "",
      `Choose a new password here (the link works for one hour, once):`,
      options.link,
      "",
      ignore,
    ].join("\n"),
    email: {
      heading: "Reset your password",
      paragraphs: [ask, "The button works for one hour, once."],
      action: { label: "Choose a new password", url: options.link },
      after: [`If the button does not work, open this address: ${options.link}`, ignore],
    },
  };
}
