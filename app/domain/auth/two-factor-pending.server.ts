import crypto from "node:crypto";
import { authSecret } from "~/env.server";

/**
 * Between the password and the code, a sign-in is pending. better-auth keeps its own signed
 * cookie for that step; ours names the account, so the code step can count attempts against
 * it and write the audit log before better-auth has looked at the code. It lasts as long as
 * better-auth's challenge (10 minutes) and holds no secret of its own.
 */
export const PENDING_MAX_AGE_SECONDS = 10 * 60;

export type PendingSignIn = { userId: string; email: string };

export function pendingCookieName(baseURL: string): string {
  return baseURL.startsWith("https://") ? "__Host-slumber-2fa" : "slumber-2fa";
}

function signature(payload: string): string {
  // The prefix keeps these signatures apart from anything else signed with the auth secret.
  return crypto
    .createHmac("sha256", authSecret())
    .update(`two-factor-pending:${payload}`)
    .digest("base64url");
}

function cookie(baseURL: string, value: string, maxAge: number): string {
  const attributes = [
    `${pendingCookieName(baseURL)}=${value}`,
    "Path=/",
    `Max-Age=${maxAge}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (baseURL.startsWith("https://")) attributes.push("Secure");
  return attributes.join("; ");
}

/** The Set-Cookie value that marks a sign-in of `userId` as waiting for its code. */
export function issuePendingCookie(options: PendingSignIn & { baseURL: string; now?: Date }) {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const payload = Buffer.from(
    JSON.stringify({ u: options.userId, e: options.email, t: issuedAt }),
  ).toString("base64url");
  return cookie(options.baseURL, `${payload}.${signature(payload)}`, PENDING_MAX_AGE_SECONDS);
}

/** The Set-Cookie value that ends the pending step. */
export function clearPendingCookie(baseURL: string): string {
  return cookie(baseURL, "", 0);
}

/** The sign-in a Cookie header says is pending, or null (none, forged, or expired). */
export function readPendingCookie(options: {
  cookieHeader: string | null;
  baseURL: string;
  now?: Date;
}): PendingSignIn | null {
  if (!options.cookieHeader) return null;
  const name = pendingCookieName(options.baseURL);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  for (const pair of options.cookieHeader.split(";")) {
    const [rawName, ...rest] = pair.split("=");
    if (rawName?.trim() !== name) continue;
    const pending = verify(rest.join("=").trim(), now);
    if (pending) return pending;
  }
  return null;
}

function verify(value: string, now: number): PendingSignIn | null {
  const [payload, signed, ...extra] = value.split(".");
  if (!payload || !signed || extra.length) return null;
  const expected = Buffer.from(signature(payload));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { u, e, t } = (claims ?? {}) as { u?: unknown; e?: unknown; t?: unknown };
  if (typeof u !== "string" || typeof e !== "string" || typeof t !== "number") return null;
  if (t > now + 60 || t + PENDING_MAX_AGE_SECONDS < now) return null;
  return { userId: u, email: e };
}
