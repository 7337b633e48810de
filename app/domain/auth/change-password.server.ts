import { count, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { auth, requestHeaders } from "./auth.server";
import { withPasswordCheck } from "./password-check.server";
import type { SessionUser } from "./roles";

/**
 * Changes the signed-in person's password after checking the current one (counted: see
 * withPasswordCheck). Every other session of the account ends; this browser gets a new one,
 * whose cookie is in `headers`. The audit line says how many sessions ended, never a password.
 */
export async function changeOwnPassword(options: {
  user: Pick<SessionUser, "id" | "email">;
  currentPassword: string;
  newPassword: string;
  request: Request;
  baseURL: string;
  clientAddress: string;
}): Promise<{ headers: Headers; otherSessionsEnded: number }> {
  const { user, request, baseURL, clientAddress } = options;
  const [before] = await db()
    .select({ n: count() })
    .from(sessions)
    .where(eq(sessions.userId, user.id));
  const { headers } = await withPasswordCheck({
    user,
    clientAddress,
    field: "currentPassword",
    purpose: "change_password",
    work: () =>
      auth(baseURL).api.changePassword({
        body: {
          currentPassword: options.currentPassword,
          newPassword: options.newPassword,
          revokeOtherSessions: true,
        },
        headers: requestHeaders(request, clientAddress),
        returnHeaders: true,
      }),
  });
  const otherSessionsEnded = Math.max(0, (before?.n ?? 1) - 1);
  await recordAudit({
    action: "password_changed",
    actorId: user.id,
    actorEmail: user.email,
    ipAddress: clientAddress,
    subject: `user:${user.id}`,
    details: { otherSessionsEnded },
  });
  return { headers, otherSessionsEnded };
}
