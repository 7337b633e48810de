import crypto from "node:crypto";

/**
 * A short fingerprint of what a page was shown (rows' ids and statuses, in a fixed order): a
 * form posts it back, and the action compares it with the same rows read again.
 */
export function fingerprintOf(values: readonly (string | number | null)[]) {
  return crypto.createHash("sha256").update(values.join("|")).digest("hex").slice(0, 20);
}
