import { data, redirect } from "react-router";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { getSessionUser } from "~/domain/auth/session.server";
import { twoFactorRequired } from "~/domain/auth/two-factor-rule.server";
import { requestedPage, staffSignInPath } from "~/lib/safe-redirect";

/** Where a staff member without two-factor sign-in sets it up when the owner requires it. */
export const TWO_FACTOR_SETUP_PATH = "/admin/settings/security";

/** What a signed-in account without a staff role gets instead of admin data. */
export const NO_ACCESS = { noAccess: true } as const;

/**
 * The one gate of the back office, called by every admin loader and action: signed-out
 * visitors go to the staff sign-in page, which brings them back to the page they asked for
 * (decision 053); accounts without a staff role get a 403 (the no-access page).
 */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(staffSignInPath(requestedPage(request.url)));
  if (!isStaffRole(user.role)) throw data(NO_ACCESS, { status: 403 });
  // The owner's rule: without two-factor, only the page that sets it up (and its tabs' frame).
  if (!user.twoFactorEnabled && !onSetupPage(request) && (await twoFactorRequired())) {
    throw redirect(`${TWO_FACTOR_SETUP_PATH}?required=1`);
  }
  return user;
}

function onSetupPage(request: Request): boolean {
  const path = new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
  return path === TWO_FACTOR_SETUP_PATH;
}

/** As requireStaff, for what only the owner may do (the team, the audit log). */
export async function requireOwner(request: Request): Promise<SessionUser> {
  const user = await requireStaff(request);
  if (user.role !== "owner") throw data(NO_ACCESS, { status: 403 });
  return user;
}
