import { redirect } from "react-router";
import type { SessionUser } from "~/domain/auth/roles";
import { getSessionUser } from "~/domain/auth/session.server";

/**
 * The gate of a shopper's own pages (/account/...): signed-out visitors go to the account's
 * sign-in page, which brings them back. Any signed-in account may see its own orders and
 * addresses (staff shop too); every query below it is limited to that account's id.
 */
export async function requireShopper(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const next = url.pathname.replace(/\.data$/, "");
    throw redirect(
      next === "/account"
        ? "/account/sign-in"
        : `/account/sign-in?next=${encodeURIComponent(next)}`,
    );
  }
  return user;
}

/**
 * Where to go after signing in: an /account page the visitor asked for, or a product's review
 * form, else /account.
 */
export function afterSignIn(next: string | null | undefined): string {
  if (!next) return "/account";
  if (/^\/account(\/[A-Za-z0-9/_-]*)?$/.test(next)) return next;
  if (/^\/products\/[a-z0-9-]+\/review$/.test(next)) return next;
  return "/account";
}
