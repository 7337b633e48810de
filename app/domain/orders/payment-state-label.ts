import { formatMoney } from "~/lib/money";

const LABELS: Record<string, string> = {
  unpaid: "Not paid",
  partially_paid: "Part paid (lay-by)",
  paid: "Paid",
  refunded: "Refunded",
};

/**
 * An order's money state as the shopper's pages and the back office say it: "Paid", "Partly
 * refunded (R849.15 of R2,999.00)" once a refund has been paid back, "Refunded" in full.
 * `refundedCents` counts completed refunds only: an amount still with the provider is not back.
 */
export function paymentStateLabel(order: {
  paymentStatus: string;
  totalCents: number;
  refundedCents: number;
}): string {
  if (order.paymentStatus === "refunded") return "Refunded";
  if (order.refundedCents > 0 && order.refundedCents < order.totalCents) {
    const money = (cents: number) => formatMoney(cents, { cents: true });
    return `Partly refunded (${money(order.refundedCents)} of ${money(order.totalCents)})`;
  }
  if (order.refundedCents > 0) return "Refunded";
  return LABELS[order.paymentStatus] ?? order.paymentStatus;
}
