import crypto from "node:crypto";

/**
 * Whether a secret someone sent (a signature, a token) equals the expected one, compared in
 * constant time so the answer's timing gives nothing away. A missing value never matches.
 */
export function sameSecret(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
