import { auth, requestHeaders } from "~/domain/auth/auth.server";
import { withPasswordCheck } from "~/domain/auth/password-check.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError } from "~/domain/errors";
import { isEmailVerified } from "~/domain/shoppers/shopper-auth.server";
import { erasePersonalData } from "./erase-personal-data.server";
import { exportPersonalData } from "./privacy-requests.server";

/**
 * A shopper's own privacy requests, from their account: the same look-up and erasure the owner
 * uses, under the same rules. Both need the e-mail address confirmed: what the shop holds under
 * an address (guest orders, enquiries) is only its owner's to take away or delete.
 */
async function requireConfirmedAddress(user: Pick<SessionUser, "id">, action: string) {
  if (!(await isEmailVerified(user.id))) {
    throw new DomainError(
      "forbidden",
      `Please confirm your e-mail address first: we ${action} only for the address's owner.`,
    );
  }
}

export async function exportOwnData(options: {
  user: Pick<SessionUser, "id" | "email">;
  clientAddress: string;
}) {
  await requireConfirmedAddress(options.user, "send this data");
  return exportPersonalData({
    email: options.user.email,
    actor: options.user,
    clientAddress: options.clientAddress,
  });
}

/**
 * Deletes the signed-in shopper's account and erases what is held under its address, after the
 * password is checked (counted, as on the Security tab: a stolen session cannot delete an account
 * by guessing). Refused for staff, while an order is still open and while a refund is still owed,
 * as the owner's erasure is.
 */
export async function deleteOwnAccount(options: {
  user: Pick<SessionUser, "id" | "email">;
  password: string;
  request: Request;
  baseURL: string;
  clientAddress: string;
}) {
  const { user, request, baseURL, clientAddress } = options;
  await requireConfirmedAddress(user, "erase data");
  await withPasswordCheck({
    user,
    clientAddress,
    field: "password",
    purpose: "delete_account",
    work: () =>
      auth(baseURL).api.verifyPassword({
        body: { password: options.password },
        headers: requestHeaders(request, clientAddress),
      }),
  });
  return erasePersonalData({ email: user.email, actor: "self", clientAddress });
}
