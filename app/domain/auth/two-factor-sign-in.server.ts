import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { consumeRateLimits, releaseRateLimits } from "~/domain/security/rate-limit.server";
import { auth, requestHeaders } from "./auth.server";
import { authRefusal } from "./auth-refusal.server";
import { issueDeviceCookie, readDeviceCookie } from "./device-cookie.server";
import { normaliseCode } from "./security-schemas";
import { claimTotpStep, USED_CODE } from "./totp-step.server";
import { hasLiveChallenge } from "./two-factor-challenge.server";
import { isStaffRole, type Role } from "./roles";
import {
  clearPendingCookie,
  readPendingCookie,
  type PendingSignIn,
} from "./two-factor-pending.server";

/** Wrong codes allowed per account, and per address, in CODE_WINDOW_SECONDS. */
export const MAX_FAILED_CODES = 5;
const CODE_WINDOW_SECONDS = 15 * 60;

/** Six digits from the app; anything else is tried as a backup code (`abcde-12345`). */
const TOTP_PATTERN = /^\d{6}$/;

export type CodeMethod = "totp" | "backup_code";

export type CodeSignInResult =
  | { ok: true; headers: Headers; role: Role; isStaff: boolean }
  /** No pending sign-in, or better-auth's challenge is over (expired, or too many tries). */
  | { ok: false; reason: "expired"; headers: Headers; message: string }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/** The account waiting for its code on this request, if any (the page asks only then). */
export function pendingSignIn(request: Request, baseURL: string): PendingSignIn | null {
  return readPendingCookie({ cookieHeader: request.headers.get("cookie"), baseURL });
}

/**
 * The second step of a sign-in: a code from the authenticator app or one of the backup codes.
 * Nothing is checked unless better-auth's challenge for the pending account is live. Each
 * attempt is counted against the account and the address (not the address for a browser
 * holding this account's device cookie) before the code is checked (one
 * atomic statement each, shared by every process); a right code gives its count back. On top,
 * better-auth allows 5 tries per challenge and locks the account's codes for 15 minutes after
 * 10 wrong ones in a row. Every outcome goes to the audit log, never the code itself.
 */
export async function signInWithCode(options: {
  code: string;
  request: Request;
  baseURL: string;
  clientAddress: string;
}): Promise<CodeSignInResult> {
  const { baseURL, clientAddress } = options;
  const pending = pendingSignIn(options.request, baseURL);
  if (!pending) return expired(baseURL);
  const code = normaliseCode(options.code);
  const method: CodeMethod = TOTP_PATTERN.test(code) ? "totp" : "backup_code";
  const who = { actorId: pending.userId, actorEmail: pending.email, ipAddress: clientAddress };
  const cookieHeader = options.request.headers.get("cookie");

  // The challenge first: a code sent with one that cannot sign in (expired, used up, another
  // browser's or another account's) is not looked at, so its step is not spent (decision 024).
  if (!(await hasLiveChallenge({ cookieHeader, userId: pending.userId, baseURL }))) {
    await recordAudit({
      action: "two_factor_failed",
      ...who,
      details: { method, reason: "challenge_expired" },
    });
    return expired(baseURL);
  }

  // As at the password step (decision 007): a browser that has signed in to this account before
  // is not held to its address's allowance, which colleagues behind one address share.
  const device = readDeviceCookie({ cookieHeader, baseURL });
  const trusted = device?.userId === pending.userId;
  const attempt = await consumeRateLimits({
    limits: [
      { key: `two-factor:account:${pending.userId}`, limit: MAX_FAILED_CODES },
      ...(trusted ? [] : [{ key: `two-factor:address:${clientAddress}`, limit: MAX_FAILED_CODES }]),
    ],
    windowSeconds: CODE_WINDOW_SECONDS,
  });
  if (!attempt.allowed) {
    await recordAudit({
      action: "two_factor_failed",
      ...who,
      details: { method, reason: "rate_limited" },
    });
    return rateLimited(attempt.retryAfterSeconds);
  }

  // A code already accepted (here, in another browser or by another process) is not let in again.
  const claim =
    method === "totp" ? await claimTotpStep({ userId: pending.userId, code, baseURL }) : null;
  if (claim?.outcome === "used") {
    await recordAudit({
      action: "two_factor_failed",
      ...who,
      details: { method, reason: "code_used" },
    });
    return { ok: false, reason: "invalid", message: USED_CODE };
  }

  const api = auth(baseURL).api;
  const headers = requestHeaders(options.request, clientAddress);
  let verified;
  try {
    verified =
      method === "totp"
        ? await api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
  } catch (error) {
    // Not accepted (a step better-auth's window leaves out, the account locked, the challenge
    // ended in the meantime): the code is not spent.
    await claim?.giveBack();
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    const reason = refusal.code.toLowerCase() || "invalid";
    await recordAudit({ action: "two_factor_failed", ...who, details: { method, reason } });
    if (refusal.code === "ACCOUNT_TEMPORARILY_LOCKED" || refusal.status === 429) {
      return rateLimited(CODE_WINDOW_SECONDS);
    }
    if (refusal.code === "INVALID_CODE" || refusal.code === "INVALID_BACKUP_CODE") {
      return {
        ok: false,
        reason: "invalid",
        message:
          method === "totp"
            ? "That code is not right. Please enter the code your app shows now."
            : "That backup code is not right, or it has been used already.",
      };
    }
    // The challenge expired, was used up (5 tries), or its cookie is gone: start again.
    return expired(baseURL);
  }

  await releaseRateLimits(attempt.counted);
  // better-auth's challenge names the account that is now signed in.
  const userId = verified.response.user.id;
  const answer = verified.headers;
  answer.append("set-cookie", clearPendingCookie(baseURL));
  answer.append("set-cookie", issueDeviceCookie({ userId, baseURL }));
  const [user] = await db()
    .select({ role: users.role, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const role = (user?.role ?? "customer") as Role;
  await recordAudit({
    action: "sign_in",
    actorId: userId,
    actorEmail: user?.email ?? pending.email,
    ipAddress: clientAddress,
    details: { twoFactor: method },
  });
  return { ok: true, headers: answer, role, isStaff: isStaffRole(role) };
}

function rateLimited(retryAfterSeconds: number): CodeSignInResult {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return {
    ok: false,
    reason: "rate_limited",
    retryAfterSeconds,
    message: `Too many wrong codes. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  };
}

function expired(baseURL: string): CodeSignInResult {
  const headers = new Headers();
  headers.append("set-cookie", clearPendingCookie(baseURL));
  return {
    ok: false,
    reason: "expired",
    headers,
    message: "Your sign-in has expired. Please sign in with your password again.",
  };
}
