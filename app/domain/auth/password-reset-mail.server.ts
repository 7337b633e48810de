import { sendMail, type MailMessage } from "~/mail/mailer.server";
import { shopSenderOrDefault } from "~/domain/leads/shop-mail.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";

/** E-mails a password reset link (valid for an hour) through the shop's mailer. */
export async function sendPasswordResetMail(options: { to: string; link: string }) {
  const from = shopSenderOrDefault(await getStoreSettings().catch(() => null));
  await sendMail(passwordResetMail(options, from.name), from);
}

/**
 * The answer to a reset request for an address without an account, sent as the reset link is
 * to an address with one: the form answers the same either way, and by sending one e-mail
 * either way it also takes as long (decision 025).
 */
export async function sendNoAccountMail(options: { to: string; baseURL: string }) {
  const from = shopSenderOrDefault(await getStoreSettings().catch(() => null));
  await sendMail(noAccountMail(options, from.name), from);
}

/** No account has this address: perhaps another address, or create one. */
export function noAccountMail(
  options: { to: string; baseURL: string },
  shopName: string,
): MailMessage {
  const asked = `Someone, perhaps you, asked to reset the password of an account at ${shopName} with this e-mail address, but no account has it.`;
  const other = "If you have an account, perhaps it is under another e-mail address.";
  const signUp = `${options.baseURL}/account/sign-up`;
  const ignore = "If you did not ask for this, ignore this e-mail: nothing has changed.";
  return {
    to: options.to,
    subject: `Password reset at ${shopName}: no account with this address`,
    text: [asked, other, "", "Or create an account here:", signUp, "", ignore].join("\n"),
    email: {
      heading: "No account with this address",
      paragraphs: [asked, other],
      action: { label: "Create an account", url: signUp },
      after: [ignore],
    },
  };
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
