import { createEmailVerificationToken } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { accounts, twoFactors, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { env } from "~/env.server";
import { consumeRateLimits } from "~/domain/security/rate-limit.server";
import {
  sendVerificationMail,
  verifyLink,
  VERIFY_EMAIL_SECONDS,
} from "~/domain/shoppers/shopper-mail.server";
import { auth, requestHeaders } from "./auth.server";
import { authRefusal } from "./auth-refusal.server";
import { sendAccountExistsMail } from "./account-exists-mail.server";
import { sendNoAccountMail } from "./password-reset-mail.server";
import type { Role, SessionUser } from "./roles";

/** A name for an account made from an e-mail alone: the part before the @. */
export const nameFromEmail = (email: string) => email.split("@")[0] || email;

export type SignUpResult =
  | { ok: true; userId: string }
  | { ok: false; exists: true; role: Role; message: string }
  | { ok: false; exists: false; message: string };

/** Creates a customer account (no back-office access until the owner gives a staff role). */
export async function signUpWithPassword(options: {
  /** The account's name; the part of the e-mail before the @ when not given. */
  name?: string;
  email: string;
  password: string;
  baseURL: string;
}): Promise<SignUpResult> {
  // better-auth answers a duplicate sign-up with a generic success when it does not sign the
  // new account in; we look first, so that signUpFromForm can tell the address's owner.
  const email = options.email.trim().toLowerCase();
  const [existing] = await db()
    .select({ role: users.role })
    .from(users)
    .where(eq(users.email, email));
  const taken = "This email is already registered.";
  if (existing) return { ok: false, exists: true, role: existing.role as Role, message: taken };
  try {
    const { user } = await auth(options.baseURL).api.signUpEmail({
      body: { email, password: options.password, name: options.name || nameFromEmail(email) },
    });
    return { ok: true, userId: user.id };
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    // Taken between our look and better-auth's: the owner's role is the default's.
    if (refusal.code.startsWith("USER_ALREADY_EXISTS")) {
      return { ok: false, exists: true, role: "customer", message: taken };
    }
    return {
      ok: false,
      exists: false,
      message: refusal.message || "Could not create the account.",
    };
  }
}

/** Sign-ups allowed per target e-mail in ATTEMPT_WINDOW_SECONDS (per address: FORM_RATE_LIMIT). */
export const SIGN_UPS_PER_EMAIL = 5;
const ATTEMPT_WINDOW_SECONDS = 15 * 60;

/** What every sign-up form says after a sign-up, whether or not the e-mail had an account. */
export const signUpNotice = (email: string) => ({
  title: "Check your e-mail",
  description: `We sent an e-mail to ${email} with what to do next: open it to go on, then sign in.`,
});

export type FormSignUpResult =
  /** The same for a new account and an existing one: "check your e-mail". */
  | { ok: true; created: boolean }
  | { ok: false; rateLimited: true; retryAfterSeconds: number; message: string }
  | { ok: false; rateLimited?: never; message: string };

/**
 * A sign-up from a form (/auth, /account/sign-up). Its answer is the same whether or not the
 * e-mail has an account, so strangers learn nothing from it: a new account gets the link that
 * verifies its address; the owner of an existing one an e-mail saying someone tried to register
 * it ("Account Exists"), with links to sign in and to reset the password. Attempts are counted
 * per address and per target e-mail before anything is looked up (each sends mail).
 */
export async function signUpFromForm(options: {
  name?: string;
  email: string;
  password: string;
  baseURL: string;
  clientAddress: string;
}): Promise<FormSignUpResult> {
  const email = options.email.trim().toLowerCase();
  const attempt = await consumeRateLimits({
    limits: [
      { key: `sign-up:address:${options.clientAddress}`, limit: env().FORM_RATE_LIMIT },
      { key: `sign-up:email:${email}`, limit: SIGN_UPS_PER_EMAIL },
    ],
    windowSeconds: ATTEMPT_WINDOW_SECONDS,
  });
  if (!attempt.allowed) {
    const minutes = Math.max(1, Math.ceil(attempt.retryAfterSeconds / 60));
    return {
      ok: false,
      rateLimited: true,
      retryAfterSeconds: attempt.retryAfterSeconds,
      message: `Too many sign-up attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    };
  }
  // Both ways do the same work, one password hash and one e-mail, so the time of the answer
  // does not tell either (decision 025): signUpWithPassword hashes a new account's password.
  const created = await signUpWithPassword({ ...options, email });
  if (!created.ok && !created.exists) return { ok: false, message: created.message };
  const context = await auth(options.baseURL).$context;
  if (created.ok) {
    await sendVerificationMail({
      to: email,
      link: verifyLink(
        options.baseURL,
        await verificationToken(context.secret, email, created.userId),
      ),
    });
    return { ok: true, created: true };
  }
  await context.password.hash(options.password);
  await sendAccountExistsMail({ to: email, role: created.role, baseURL: options.baseURL });
  return { ok: true, created: false };
}

/**
 * The token of a new account's verification link, as better-auth makes it for its own
 * e-mail (its verifyEmail reads it). The mail is not sent through `api.sendVerificationEmail`:
 * asked without a session, that endpoint holds its answer to at least 500 ms, which the
 * "Account Exists" way does not, so a sign-up's time told whether the address had an account.
 */
const verificationToken = (secret: string, email: string, userId: string) =>
  createEmailVerificationToken(secret, email, undefined, VERIFY_EMAIL_SECONDS, { userId });

/** Ends the request's session; returns the headers that clear its cookies. */
export async function signOut(options: {
  request: Request;
  baseURL: string;
  user: SessionUser | null;
  clientAddress: string;
}): Promise<Headers> {
  const { headers } = await auth(options.baseURL).api.signOut({
    headers: requestHeaders(options.request),
    returnHeaders: true,
  });
  if (options.user) {
    await recordAudit({
      action: "sign_out",
      actorId: options.user.id,
      actorEmail: options.user.email,
      ipAddress: options.clientAddress,
    });
  }
  return headers;
}

/** Reset requests allowed per address and per target e-mail in 15 minutes (each sends mail). */
export const RESET_REQUESTS_PER_ADDRESS = 5;
export const RESET_REQUESTS_PER_EMAIL = 5;

/**
 * E-mails a reset link when the address belongs to an account, and says to one without that no
 * account has it. The answer is the same either way, and so is the work (one e-mail), so the
 * form does not tell strangers who has an account, nor does its time; requests are counted
 * per address and per target e-mail whether or not it has an account, for the same reason.
 */
export async function requestPasswordReset(options: {
  email: string;
  baseURL: string;
  clientAddress: string;
}): Promise<
  { ok: true } | { ok: false; retryAfterSeconds: number } | { ok: false; invalid: string }
> {
  const email = options.email.trim().toLowerCase();
  const attempt = await consumeRateLimits({
    limits: [
      { key: `password-reset:address:${options.clientAddress}`, limit: RESET_REQUESTS_PER_ADDRESS },
      { key: `password-reset:email:${email}`, limit: RESET_REQUESTS_PER_EMAIL },
    ],
    windowSeconds: ATTEMPT_WINDOW_SECONDS,
  });
  if (!attempt.allowed) return { ok: false, retryAfterSeconds: attempt.retryAfterSeconds };
  const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  try {
    // For an account, better-auth keeps the token and sends the link (sendResetPassword).
    await auth(options.baseURL).api.requestPasswordReset({ body: { email } });
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    return { ok: false, invalid: refusal.message };
  }
  if (!account) await sendNoAccountMail({ to: email, baseURL: options.baseURL });
  await recordAudit({
    action: "password_reset_requested",
    actorEmail: email,
    ipAddress: options.clientAddress,
  });
  return { ok: true };
}

/** Sets a new password with a reset link's token; signs the account out everywhere. */
export async function resetPassword(options: {
  token: string;
  newPassword: string;
  baseURL: string;
  clientAddress: string;
}): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await auth(options.baseURL).api.resetPassword({
      body: { token: options.token, newPassword: options.newPassword },
    });
  } catch (error) {
    const refusal = authRefusal(error);
    if (!refusal) throw error;
    return {
      ok: false,
      message:
        refusal.code === "INVALID_TOKEN"
          ? "This reset link has expired or was already used. Please ask for a new one."
          : refusal.message || "Could not set the new password.",
    };
  }
  await recordAudit({ action: "password_reset", ipAddress: options.clientAddress });
  return { ok: true };
}

/**
 * Makes `email` an owner: creates the account with `password`, or, when it exists, gives it
 * the owner role and the new password. Used by `npm run admin:create` and the demo seed.
 */
export async function createOwner(options: {
  email: string;
  password: string;
  baseURL: string;
  name?: string;
}): Promise<{ id: string; created: boolean }> {
  const email = options.email.trim().toLowerCase();
  const instance = auth(options.baseURL);
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!existing) {
    const result = await instance.api.signUpEmail({
      body: { email, password: options.password, name: options.name ?? nameFromEmail(email) },
    });
    await db().update(users).set({ role: "owner" }).where(eq(users.id, result.user.id));
    return { id: result.user.id, created: true };
  }
  const context = await instance.$context;
  const hash = await context.password.hash(options.password);
  await db().transaction(async (tx) => {
    // Whoever runs this holds the server: it is the way back in for an owner who lost both
    // the phone and the backup codes, so two-factor sign-in goes too (set it up again).
    await tx
      .update(users)
      .set({ role: "owner", twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, existing.id));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, existing.id));
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        accountId: existing.id,
        providerId: "credential",
        userId: existing.id,
        password: hash,
      });
    }
  });
  return { id: existing.id, created: false };
}
