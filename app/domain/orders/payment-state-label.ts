import { formatMoney } from "~/lib/money";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "./payment-status";

/**
 * An order's money state as the shopper's pages and the back office say it: "Paid", "Partly
 * refunded (R849.15 of R2,999.00)" once a refund has been paid back, "Refunded" in full.
 * `refundedCents` counts completed refunds only: an amount still with the provider is not back.
 */
export function paymentStateLabel(order: {
  paymentStatus: PaymentStatus;
  totalCents: number;
  refundedCents: number;
}): string {
  if (order.paymentStatus === "refunded") return "Refunded";
  if (order.refundedCents > 0 && order.refundedCents < order.totalCents) {
    const money = (cents: number) => formatMoney(cents, { cents: true });
    return `Partly refunded (${money(order.refundedCents)} of ${money(order.totalCents)})`;
  }
  if (order.refundedCents > 0) return "Refunded";
  return PAYMENT_STATUS_LABELS[order.paymentStatus];
}
