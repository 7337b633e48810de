import { APIError } from "better-auth";
import { recordAudit } from "~/domain/admin/audit-log.server";
import { consumeRateLimit, peekRateLimit } from "~/domain/security/rate-limit.server";
import { auth, requestHeaders } from "./auth.server";
import { isStaffRole, type Role } from "./roles";

/** Failed sign-ins allowed per account and per address in FAILURE_WINDOW_SECONDS. */
export const MAX_FAILED_SIGN_INS = 5;
const FAILURE_WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; headers: Headers; role: Role; isStaff: boolean }
  | { ok: false; reason: "invalid"; message: string }
  | { ok: false; reason: "rate_limited"; message: string; retryAfterSeconds: number };

const failureKeys = (email: string, clientAddress: string) => [
  `sign-in-failed:account:${email}`,
  `sign-in-failed:address:${clientAddress}`,
];

/**
 * Signs in with e-mail and password and returns the session cookie to set. After
 * MAX_FAILED_SIGN_INS failures in 15 minutes for the account or for the address, refuses
 * without checking the password. Every outcome goes to the audit log.
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
  const keys = failureKeys(email, options.clientAddress);
  const window = { limit: MAX_FAILED_SIGN_INS, windowSeconds: FAILURE_WINDOW_SECONDS };
  const checks = await Promise.all(keys.map((key) => peekRateLimit({ key, ...window })));
  const blocked = checks.find((c) => !c.allowed);
  if (blocked) {
    await recordAudit({
      action: "sign_in_failed",
      actorEmail: email,
      ipAddress: options.clientAddress,
      details: { reason: "rate_limited" },
    });
    const minutes = Math.max(1, Math.ceil(blocked.retryAfterSeconds / 60));
    return {
      ok: false,
      reason: "rate_limited",
      retryAfterSeconds: blocked.retryAfterSeconds,
      message: `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password.`,
    };
  }

  try {
    const { headers, response } = await auth(options.baseURL).api.signInEmail({
      body: { email, password: options.password, rememberMe: options.rememberMe },
      headers: requestHeaders(options.request, options.clientAddress),
      returnHeaders: true,
    });
    const role = ((response.user as { role?: string }).role ?? "customer") as Role;
    await recordAudit({
      action: "sign_in",
      actorId: response.user.id,
      actorEmail: email,
      ipAddress: options.clientAddress,
      details: { rememberMe: options.rememberMe },
    });
    return { ok: true, headers, role, isStaff: isStaffRole(role) };
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    await Promise.all(keys.map((key) => consumeRateLimit({ key, ...window })));
    await recordAudit({
      action: "sign_in_failed",
      actorEmail: email,
      ipAddress: options.clientAddress,
      details: { reason: error.body?.code ?? "invalid" },
    });
    return {
      ok: false,
      reason: "invalid",
      message: error.body?.message ?? "Invalid email or password",
    };
  }
}
