import crypto from "node:crypto";
import { authSecret } from "~/env.server";

/**
 * OWASP's device cookie: a browser that has signed in to an account keeps a signed cookie
 * naming the account and a random device id, so its sign-in attempts are counted apart from
 * strangers' (sign-in.server.ts). It is not a session and survives signing out.
 */

/** A year; browsers keep a cookie for at most 400 days. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type TrustedDevice = { userId: string; deviceId: string };

/** `__Host-` (Secure, Path=/, no Domain) when the shop is served over https. */
export function deviceCookieName(baseURL: string): string {
  return isHttps(baseURL) ? "__Host-slumber-device" : "slumber-device";
}

const isHttps = (baseURL: string) => baseURL.startsWith("https://");

function signature(payload: string, secret: string): string {
  // The prefix keeps these signatures apart from anything else signed with the auth secret.
  return crypto.createHmac("sha256", secret).update(`device-cookie:${payload}`).digest("base64url");
}

/** The Set-Cookie header value that marks this browser as one `userId` signed in from. */
export function issueDeviceCookie(options: {
  userId: string;
  baseURL: string;
  now?: Date;
  secret?: string;
}): string {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const payload = Buffer.from(
    JSON.stringify({ u: options.userId, d: crypto.randomUUID(), t: issuedAt }),
  ).toString("base64url");
  const value = `${payload}.${signature(payload, options.secret ?? authSecret())}`;
  const attributes = [
    `${deviceCookieName(options.baseURL)}=${value}`,
    "Path=/",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (isHttps(options.baseURL)) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * The device a Cookie header proves, or null when it has none, or only one that is forged,
 * tampered with, signed with another secret or older than the cookie's lifetime.
 */
export function readDeviceCookie(options: {
  cookieHeader: string | null;
  baseURL: string;
  now?: Date;
}): TrustedDevice | null {
  if (!options.cookieHeader) return null;
  const name = deviceCookieName(options.baseURL);
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  for (const pair of options.cookieHeader.split(";")) {
    const [rawName, ...rest] = pair.split("=");
    if (rawName?.trim() !== name) continue;
    const device = verify(rest.join("=").trim(), now);
    if (device) return device;
  }
  return null;
}

function verify(value: string, now: number): TrustedDevice | null {
  const [payload, signed, ...extra] = value.split(".");
  if (!payload || !signed || extra.length) return null;
  const expected = Buffer.from(signature(payload, authSecret()));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const { u, d, t } = (claims ?? {}) as { u?: unknown; d?: unknown; t?: unknown };
  if (typeof u !== "string" || typeof d !== "string" || typeof t !== "number") return null;
  if (t > now + 60 || t + DEVICE_COOKIE_MAX_AGE_SECONDS < now) return null;
  return { userId: u, deviceId: d };
}
