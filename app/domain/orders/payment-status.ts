/**
 * An order's money state, owned by the orders area (docs/decisions/030): what the shop has
 * taken for it and paid back. Only `moveOrderPayment` changes it, along this table.
 */
export const PAYMENT_STATUSES = [
  /**
   * Placed to an address outside every delivery zone: its goods are held and nothing can be
   * paid until staff quote the delivery (docs/decisions/041); the unpaid-order expiry leaves it.
   */
  "awaiting_quote",
  "unpaid",
  /** A lay-by being paid: its deposit and some instalments are in. */
  "partially_paid",
  "paid",
  /** Some of what was paid has gone back (a part refund). */
  "partially_refunded",
  /** All of what was paid has gone back (a full refund, a cancelled lay-by paid back). */
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the back office and the shopper read it. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  awaiting_quote: "Awaiting delivery quote",
  unpaid: "Not paid",
  partially_paid: "Part paid (lay-by)",
  paid: "Paid",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

const NEXT: Record<PaymentStatus, readonly PaymentStatus[]> = {
  // Staff have quoted the delivery: the order is payable, for its time to pay.
  awaiting_quote: ["unpaid"],
  // Paid in full online or at the till; a lay-by's deposit.
  unpaid: ["paid", "partially_paid"],
  // Another instalment; the last one; a cancelled lay-by's payments all paid back.
  partially_paid: ["partially_paid", "paid", "refunded"],
  paid: ["partially_refunded", "refunded"],
  // Another part refund keeps it partly refunded; the last one refunds it.
  partially_refunded: ["partially_refunded", "refunded"],
  refunded: [],
};

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return NEXT[from].includes(to);
}

/**
 * Whether the buyer has paid for the goods in full (paid, or paid and partly refunded): what
 * staff book for delivery and what a run takes; nothing is left to collect at the door.
 */
export function isPaidInFull(status: PaymentStatus): boolean {
  return status === "paid" || status === "partially_refunded";
}

/** Whether the order holds money that can still be paid back by a refund of its invoice. */
export function isRefundable(status: PaymentStatus): boolean {
  return status === "paid" || status === "partially_refunded";
}

/** The state a completed refund leaves: everything paid back, or part of it. */
export function afterRefund(refundedCents: number, paidCents: number): PaymentStatus {
  return refundedCents >= paidCents ? "refunded" : "partially_refunded";
}
