import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { consumeRateLimits, releaseRateLimits } from "~/domain/security/rate-limit.server";
import { auth, requestHeaders } from "./auth.server";
import { authRefusal } from "./auth-refusal.server";
import { issueDeviceCookie, readDeviceCookie } from "./device-cookie.server";
import { isStaffRole, type Role } from "./roles";
import { issuePendingCookie } from "./two-factor-pending.server";

/** Failed sign-ins allowed in FAILURE_WINDOW_SECONDS for each allowance (see allowancesFor). */
export const MAX_FAILED_SIGN_INS = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; headers: Headers; role: Role; isStaff: boolean }
  | { ok: false; reason: "invalid"; message: string }
  /** The password was right; the account has two-factor on, so the code comes next. */
  | { ok: false; reason: "two_factor"; headers: Headers; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * The allowances an attempt draws on. A browser holding a valid device cookie for this account
 * has its own; every other client shares the account's one and its address's. A stranger can
 * use up the shared ones, never the owner's own browser's. The address limit is not applied
 * to a device-cookie holder: the cookie is good only for its own account, so it cannot be used
 * to try passwords across accounts.
 */
async function allowancesFor(options: {
  email: string;
  clientAddress: string;
  cookieHeader: string | null;
  baseURL: string;
}): Promise<{ keys: string[]; trustedDevice: boolean }> {
  const device = readDeviceCookie(options);
  if (device) {
    const [user] = await db()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, options.email));
    if (user?.id === device.userId) {
      return { keys: [`sign-in:device:${device.deviceId}`], trustedDevice: true };
    }
  }
  return {
    keys: [`sign-in:address:${options.clientAddress}`, `sign-in:account:${options.email}`],
    trustedDevice: false,
  };
}

/**
 * Signs in with e-mail and password and returns the session and device cookies to set. Each
 * attempt is counted before the password is checked (one atomic statement per allowance), so
 * no more than MAX_FAILED_SIGN_INS wrong passwords are checked per allowance in 15 minutes,
 * however many arrive at once; a successful sign-in gives its count back. Every outcome goes to
 * the audit log.
 */
export async function signInWithPassword(options: {
  email: string;
  password: string;
  rememberMe: boolean;
  request: Request;
  baseURL: string;
  clientAddress: string;
}): Promise<SignInResult> {
  const email = options.email.trim().toLowerCase();
  const { keys, trustedDevice } = await allowancesFor({
    email,
    clientAddress: options.clientAddress,
    cookieHeader: options.request.headers.get("cookie"),
    baseURL: options.baseURL,
  });
  const attempt = await consumeRateLimits({
    limits: keys.map((key) => ({ key, limit: MAX_FAILED_SIGN_INS })),
    windowSeconds: FAILURE_WINDOW_SECONDS,
  });
  const device = trustedDevice ? { trustedDevice } : {};
  if (!attempt.allowed) {
    await recordAudit({
      action: "sign_in_failed",
      actorEmail: email,
      ipAddress: options.clientAddress,
      details: { reason: "rate_limited", ...device },
    });
    const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
    return {
      ok: false,
      reason: "rate_limited",
      retryAfterSeconds: attempt.retryAfterSeconds,
      message: `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password.`,
    };
  }

  let signedIn;
  try {
    signedIn = await auth(options.baseURL).api.signInEmail({
      body: { email, password: options.password, rememberMe: options.rememberMe },
      headers: requestHeaders(options.request, options.clientAddress),
      returnHeaders: true,
    });
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    await recordAudit({
      action: "sign_in_failed",
      actorEmail: email,
      ipAddress: options.clientAddress,
      details: { reason: refusal.code || "invalid", ...device },
    });
    return {
      ok: false,
      reason: "invalid",
      message: refusal.message || "Invalid email or password",
    };
  }

  const { headers, response } = signedIn;
  await releaseRateLimits(attempt.counted);
  if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
    // better-auth has set its own challenge cookie; ours names the account for the code step.
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error("A two-factor challenge for an account that is gone");
    headers.append(
      "set-cookie",
      issuePendingCookie({ userId: user.id, email, baseURL: options.baseURL }),
    );
    await recordAudit({
      action: "two_factor_challenged",
      actorId: user.id,
      actorEmail: email,
      ipAddress: options.clientAddress,
      details: { ...device },
    });
    return {
      ok: false,
      reason: "two_factor",
      headers,
      message: "Enter the code from your authenticator app to finish signing in.",
    };
  }
  headers.append(
    "set-cookie",
    issueDeviceCookie({ userId: response.user.id, baseURL: options.baseURL }),
  );
  const role = ((response.user as { role?: string }).role ?? "customer") as Role;
  await recordAudit({
    action: "sign_in",
    actorId: response.user.id,
    actorEmail: email,
    ipAddress: options.clientAddress,
    details: { rememberMe: options.rememberMe, ...device },
  });
  return { ok: true, headers, role, isStaff: isStaffRole(role) };
}
