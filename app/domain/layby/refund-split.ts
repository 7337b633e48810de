/**
 * How a cancelled lay-by's refund is paid back (docs/decisions/027): through the provider of each
 * online payment, the newest first, until the refund is covered; whatever is left was paid at
 * the showroom and is paid back there in cash. Pure, so the shares can be checked before any
 * money moves.
 */

export type PaidInstalment = {
  /** The approved online payment that paid it, or null when it was paid at the showroom. */
  paymentId: number | null;
  amountCents: number;
};

export type RefundShare =
  | { method: "provider"; paymentId: number; amountCents: number }
  | { method: "cash"; paymentId: null; amountCents: number };

/** `paid` in the order the instalments were paid; the shares add up to `refundCents`. */
export function splitLaybyRefund(
  paid: readonly PaidInstalment[],
  refundCents: number,
): RefundShare[] {
  const total = paid.reduce((sum, p) => sum + p.amountCents, 0);
  if (!Number.isInteger(refundCents) || refundCents < 0 || refundCents > total) {
    throw new RangeError(`A refund of ${refundCents} cents cannot come out of ${total} paid.`);
  }
  const shares: RefundShare[] = [];
  let left = refundCents;
  for (const payment of [...paid].reverse()) {
    if (left === 0) break;
    if (payment.paymentId === null) continue;
    const amountCents = Math.min(left, payment.amountCents);
    shares.push({ method: "provider", paymentId: payment.paymentId, amountCents });
    left -= amountCents;
  }
  if (left > 0) shares.push({ method: "cash", paymentId: null, amountCents: left });
  return shares;
}
