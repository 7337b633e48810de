import { siteUrl } from "~/lib/site-url.server";
import { auth, requestHeaders } from "./auth.server";
import type { Role, SessionUser } from "./roles";

/**
 * The signed-in user of a request, or null (no cookie, expired or revoked session). The
 * back office's gate (requireStaff) is built on it on the route side.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!request.headers.get("cookie")) return null;
  const session = await auth(siteUrl()).api.getSession({
    headers: requestHeaders(request),
  });
  if (!session) return null;
  const { id, email, name, role, twoFactorEnabled } = session.user;
  return {
    id,
    email,
    name,
    role: (role ?? "customer") as Role,
    twoFactorEnabled: twoFactorEnabled === true,
  };
}
