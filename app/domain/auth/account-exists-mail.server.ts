import { sendMail, type MailMessage } from "~/mail/mailer.server";
import { shopSenderOrDefault } from "~/domain/leads/shop-mail.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { isStaffRole, type Role } from "./roles";

/**
 * Tells the owner of an address that someone tried to create an account with it: the sign-up
 * form answers the same whether or not the address has an account, so only its owner learns
 * (decision 024). The links are on the shop's public origin (`baseURL`), never a request's
 * Host; staff are sent to the Admin Portal's pages, shoppers to their account's.
 */
export async function sendAccountExistsMail(options: { to: string; role: Role; baseURL: string }) {
  const from = shopSenderOrDefault(await getStoreSettings().catch(() => null));
  await sendMail(accountExistsMail(options, from.name), from);
}

export function accountExistsMail(
  options: { to: string; role: Role; baseURL: string },
  shop: string,
): MailMessage {
  const staff = isStaffRole(options.role);
  const signIn = `${options.baseURL}${staff ? "/admin-login" : "/account/sign-in"}`;
  const reset = `${options.baseURL}${staff ? "/admin-login/forgot" : "/account/forgot"}`;
  const tried = `Someone, perhaps you, tried to create an account at ${shop} with this e-mail address.`;
  const notYou = "If this was not you, ignore this e-mail: nothing about your account has changed.";
  return {
    to: options.to,
    subject: `Account Exists: ${shop}`,
    text: [
      tried,
      "This email is already registered. Please sign in instead:",
      signIn,
      "",
      "Forgot your password? Choose a new one here:",
      reset,
      "",
      notYou,
    ].join("\n"),
    email: {
      heading: "You already have an account",
      paragraphs: [tried, "This email is already registered. Please sign in instead."],
      action: { label: "Sign in", url: signIn },
      after: [`Forgot your password? Choose a new one here: ${reset}`, notYou],
    },
  };
}
