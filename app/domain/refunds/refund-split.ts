/**
 * How a refund is paid back (issue: one pay-back engine): through the provider of each online
 * payment that took the money, the newest first, each at most what it took less what it has
 * paid back already; whatever is left was paid at the showroom (or staff chose to pay it back
 * themselves) and is paid back by hand. Pure, so the parts can be checked before money moves.
 */

export type MoneySource = {
  /** The approved online payment, or null for money taken at the showroom. */
  paymentId: number | null;
  /** What it can still pay back: what it took less what it has paid back (or is paying). */
  refundableCents: number;
};

export type RefundPartPlan =
  | { method: "provider"; paymentId: number; amountCents: number }
  | { method: "hand"; paymentId: null; amountCents: number };

/**
 * `sources` in the order the money came in; the parts add up to `refundCents`. By hand, it is
 * one part whatever the sources (the order's refundable total is checked by the caller).
 */
export function splitRefund(
  sources: readonly MoneySource[],
  refundCents: number,
  options: { byHand?: boolean } = {},
): RefundPartPlan[] {
  if (!Number.isInteger(refundCents) || refundCents <= 0) {
    throw new RangeError(`A refund of ${refundCents} cents is not an amount to pay back.`);
  }
  // Staff paying it back themselves (by EFT) may pay back what no payment of ours can.
  if (options.byHand) return [{ method: "hand", paymentId: null, amountCents: refundCents }];
  const total = sources.reduce((sum, s) => sum + Math.max(s.refundableCents, 0), 0);
  if (refundCents > total) {
    throw new RangeError(`A refund of ${refundCents} cents cannot come out of ${total} paid.`);
  }
  const parts: RefundPartPlan[] = [];
  let left = refundCents;
  for (const source of [...sources].reverse()) {
    if (left === 0) break;
    if (source.paymentId === null || source.refundableCents <= 0) continue;
    const amountCents = Math.min(left, source.refundableCents);
    parts.push({ method: "provider", paymentId: source.paymentId, amountCents });
    left -= amountCents;
  }
  if (left > 0) parts.push({ method: "hand", paymentId: null, amountCents: left });
  return parts;
}
