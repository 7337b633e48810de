import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { signUpFromForm } from "~/domain/auth/accounts.server";
import { auth } from "~/domain/auth/auth.server";
import { authRefusal } from "~/domain/auth/auth-refusal.server";
import { consumeRateLimits } from "~/domain/security/rate-limit.server";
import { claimGuestOrders } from "./shopper-orders.server";

/** Verification e-mails a shopper may ask for again, per account, in 15 minutes. */
export const VERIFICATION_MAILS_PER_EMAIL = 3;

/**
 * A shopper's sign-up: /auth's (role customer, as every new account; the same limits, the same
 * answer whether or not the address has an account, and the e-mail that verifies it).
 */
export async function signUpShopper(options: {
  name: string;
  email: string;
  password: string;
  baseURL: string;
  clientAddress: string;
}) {
  const result = await signUpFromForm(options);
  if (!result.ok || !result.created) return result;
  await recordAudit({
    action: "shopper_signed_up",
    actorEmail: options.email,
    ipAddress: options.clientAddress,
  });
  return result;
}

/** Sends the verification e-mail again, a few times per account in 15 minutes. */
export async function resendVerification(options: {
  email: string;
  baseURL: string;
}): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const attempt = await consumeRateLimits({
    limits: [{ key: `verify-mail:${options.email}`, limit: VERIFICATION_MAILS_PER_EMAIL }],
    windowSeconds: 15 * 60,
  });
  if (!attempt.allowed) return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  await auth(options.baseURL).api.sendVerificationEmail({ body: { email: options.email } });
  return { ok: true };
}

export type VerifyResult =
  { ok: true; email: string; joinedOrders: number } | { ok: false; reason: "expired" | "invalid" };

/**
 * Verifies a shopper's e-mail with the link's token, then joins the guest orders placed with
 * that address to the account.
 */
export async function verifyShopperEmail(options: {
  token: string;
  baseURL: string;
}): Promise<VerifyResult> {
  try {
    await auth(options.baseURL).api.verifyEmail({ query: { token: options.token } });
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    return { ok: false, reason: refusal.code === "TOKEN_EXPIRED" ? "expired" : "invalid" };
  }
  // verifyEmail checked the token's signature and marked the address verified (it answers
  // with no user); the token names the address.
  const email = tokenEmail(options.token);
  const [user] = email
    ? await db()
        .select({ id: users.id, email: users.email, verified: users.emailVerified })
        .from(users)
        .where(eq(users.email, email))
    : [];
  if (!user?.verified) return { ok: false, reason: "invalid" };
  // Joining is idempotent: a link used again joins only guest orders not yet in an account.
  const joinedOrders = await claimGuestOrders(user.id, user.email);
  await recordAudit({ action: "email_verified", actorId: user.id, actorEmail: user.email });
  return { ok: true, email: user.email, joinedOrders };
}

/** The e-mail a verified token names (its signature was checked by verifyEmail). */
function tokenEmail(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload.email === "string" ? payload.email : null;
  } catch {
    return null;
  }
}

/** Whether the account's address is verified (read from the database, as roles are). */
export async function isEmailVerified(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verified ?? false;
}

/**
 * Whether `email` is the account's own address, verified: the one address a visitor has shown
 * is theirs. Anything typed in a form proves nothing.
 */
export async function isVerifiedAddressOf(userId: string, email: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.emailVerified, true),
        sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
      ),
    );
  return row !== undefined;
}
