import { data, redirect } from "react-router";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { getSessionUser } from "~/domain/auth/session.server";

/** What a signed-in account without a staff role gets instead of admin data. */
export const NO_ACCESS = { noAccess: true } as const;

/**
 * The one gate of the back office, called by every admin loader and action: signed-out
 * visitors go to /auth, accounts without a staff role get a 403 (the no-access page).
 */
export async function requireStaff(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/auth");
  if (!isStaffRole(user.role)) throw data(NO_ACCESS, { status: 403 });
  return user;
}

/** As requireStaff, for what only the owner may do (the team, the audit log). */
export async function requireOwner(request: Request): Promise<SessionUser> {
  const user = await requireStaff(request);
  if (user.role !== "owner") throw data(NO_ACCESS, { status: 403 });
  return user;
}
