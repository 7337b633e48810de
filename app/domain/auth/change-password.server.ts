import { and, count, eq, gt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { auth, requestHeaders } from "./auth.server";
import { checkOwnTwoFactorCode, CODE_NEEDED, hasTwoFactorOn } from "./own-code-check.server";
import { withPasswordCheck } from "./password-check.server";
import type { SessionUser } from "./roles";

type Caller = {
  user: Pick<SessionUser, "id" | "email">;
  request: Request;
  baseURL: string;
  clientAddress: string;
};

/** The account's sessions that still sign someone in. */
async function liveSessions(userId: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
  return row?.n ?? 0;
}

/** How many other browsers are signed in to the account besides the one asking (My account). */
export async function otherLiveSessions(userId: string): Promise<number> {
  return Math.max(0, (await liveSessions(userId)) - 1);
}

/**
 * The proof My account asks before a change to how the account signs in: the current password
 * and, when two-factor is on, a code. Refused at once when a code is needed and none was given;
 * otherwise every try is counted (withPasswordCheck), a wrong code as a wrong password, so a
 * stolen session cannot be used to guess either. `work` runs once both are right.
 */
async function withOwnProof<T>(
  options: Caller & { currentPassword: string; twoFactorCode?: string; purpose: string },
  work: () => Promise<T>,
): Promise<T> {
  const { user, request, baseURL, clientAddress, purpose } = options;
  const code = options.twoFactorCode?.trim() ?? "";
  const codeNeeded = await hasTwoFactorOn(user.id);
  if (codeNeeded && !code) {
    throw new DomainError("invalid", CODE_NEEDED, {
      field: "twoFactorCode",
      title: "Validation Error",
    });
  }
  return withPasswordCheck({
    user,
    clientAddress,
    field: "currentPassword",
    purpose,
    work: async () => {
      // The password before the code, so a wrong password never spends a code.
      await auth(baseURL).api.verifyPassword({
        body: { password: options.currentPassword },
        headers: requestHeaders(request, clientAddress),
      });
      if (codeNeeded) await checkOwnTwoFactorCode({ ...options, code, purpose });
      return work();
    },
  });
}

/**
 * Changes the signed-in person's password after checking the current one and, where two-factor
 * is on, a code (see withOwnProof). Every other session of the account ends; this browser gets
 * a new one, whose cookie is in `headers`. The audit line says how many sessions ended, never a
 * password or a code.
 */
export async function changeOwnPassword(
  options: Caller & { currentPassword: string; newPassword: string; twoFactorCode?: string },
): Promise<{ headers: Headers; otherSessionsEnded: number }> {
  const { user, request, baseURL, clientAddress } = options;
  const before = await liveSessions(user.id);
  const { headers } = await withOwnProof({ ...options, purpose: "change_password" }, () =>
    auth(baseURL).api.changePassword({
      body: {
        currentPassword: options.currentPassword,
        newPassword: options.newPassword,
        revokeOtherSessions: true,
      },
      headers: requestHeaders(request, clientAddress),
      returnHeaders: true,
    }),
  );
  const otherSessionsEnded = Math.max(0, before - 1);
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

/**
 * Ends every session of the signed-in person's account but this browser's (better-auth's
 * revokeOtherSessions), after the same proof as a password change. Audited with the count.
 */
export async function signOutOtherSessions(
  options: Caller & { currentPassword: string; twoFactorCode?: string },
): Promise<{ otherSessionsEnded: number }> {
  const { user, request, baseURL, clientAddress } = options;
  const before = await liveSessions(user.id);
  await withOwnProof({ ...options, purpose: "sign_out_others" }, () =>
    auth(baseURL).api.revokeOtherSessions({ headers: requestHeaders(request, clientAddress) }),
  );
  const otherSessionsEnded = Math.max(0, before - (await liveSessions(user.id)));
  await recordAudit({
    action: "other_sessions_ended",
    actorId: user.id,
    actorEmail: user.email,
    ipAddress: clientAddress,
    subject: `user:${user.id}`,
    details: { otherSessionsEnded },
  });
  return { otherSessionsEnded };
}
