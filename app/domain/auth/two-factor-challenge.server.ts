import { constantTimeEqual, makeSignature } from "better-auth/crypto";
import { auth } from "./auth.server";

/** The cookie better-auth's two-factor plugin keeps its challenge in (its TWO_FACTOR_COOKIE_NAME). */
const CHALLENGE_COOKIE = "two_factor";

/**
 * Whether this browser holds a live better-auth challenge of `userId`: the challenge cookie
 * better-auth signed at the password step, its row there and not expired, naming that account.
 * Read before a code is looked at, so that a code sent with a challenge that cannot sign in is
 * refused without being spent (decision 024).
 */
export async function hasLiveChallenge(options: {
  cookieHeader: string | null;
  userId: string;
  baseURL: string;
  now?: Date;
}): Promise<boolean> {
  const context = await auth(options.baseURL).$context;
  const raw = cookieValue(options.cookieHeader, context.createAuthCookie(CHALLENGE_COOKIE).name);
  const identifier = raw === null ? null : await signedValue(raw, context.secret);
  if (!identifier) return false;
  const challenge = await context.internalAdapter.findVerificationValue(identifier);
  if (!challenge || challenge.value !== options.userId) return false;
  return new Date(challenge.expiresAt).getTime() > (options.now ?? new Date()).getTime();
}

/** The first cookie of that name in a Cookie header, decoded, as better-auth reads it. */
function cookieValue(cookieHeader: string | null, name: string): string | null {
  for (const pair of (cookieHeader ?? "").split(";")) {
    const [rawName, ...rest] = pair.split("=");
    if (rawName?.trim() !== name) continue;
    try {
      return decodeURIComponent(rest.join("=").trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The value of a cookie better-auth signed ("value.signature"), checked with its own signing. */
async function signedValue(signed: string, secret: string): Promise<string | null> {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const expected = await makeSignature(value, secret);
  return constantTimeEqual(signed.slice(dot + 1), expected) ? value : null;
}
