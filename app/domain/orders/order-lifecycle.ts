/**
 * An order's life, owned by the orders area (docs/decisions/050): what the order is, from placed
 * to delivered or cancelled. Its money state is the other half (payment-status.ts). Only
 * `moveOrder` (move-order.server.ts) changes it, along this table; every screen, e-mail, list
 * and CSV says it through `orderStageView` (order-stage-view.ts).
 */
export const ORDER_STAGES = [
  /** Placed and waiting for its money (or for staff to quote its delivery first). */
  "awaiting_payment",
  /** A lay-by: its goods are held while the deposit and instalments come in (CPA s62). */
  "layby",
  /** Paid in full: its goods are to go out (a day to book, or booked). */
  "to_deliver",
  /** On a run the driver has started. */
  "out_for_delivery",
  /** Handed over: signed for at the door, collected, or delivered by a courier. */
  "delivered",
  /** Cancelled: its stock given back, and what was paid paid back or owed. */
  "cancelled",
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** The stage's name in the back office's filter, badges and CSV. */
export const ORDER_STAGE_LABELS: Record<OrderStage, string> = {
  awaiting_payment: "Awaiting payment",
  layby: "Lay-by",
  to_deliver: "To deliver",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

const NEXT: Record<OrderStage, readonly OrderStage[]> = {
  // Paid in full; not paid in time, declined quote, or cancelled by staff.
  awaiting_payment: ["to_deliver", "cancelled"],
  // The last instalment; cancelled with its lay-by rule (its refund less the charge).
  layby: ["to_deliver", "cancelled"],
  // The run starts; handed over without a run (collected, a courier); cancelled and paid back,
  // or everything on it refunded before it went out.
  to_deliver: ["out_for_delivery", "delivered", "cancelled"],
  // Signed for; not delivered, so back to be booked again.
  out_for_delivery: ["delivered", "to_deliver"],
  // Returns after delivery are refunds with their credit notes; the order stays delivered.
  delivered: [],
  cancelled: [],
};

export function canMoveOrder(from: OrderStage, to: OrderStage): boolean {
  return NEXT[from].includes(to);
}

export function nextStages(from: OrderStage): readonly OrderStage[] {
  return NEXT[from];
}

/** Whether the order's goods are still the shop's to send (paid, not out, not done). */
export function isToDeliver(stage: OrderStage): boolean {
  return stage === "to_deliver";
}

/** Whether the order has ended: nothing more happens to it but refunds of delivered goods. */
export function isClosed(stage: OrderStage): boolean {
  return stage === "delivered" || stage === "cancelled";
}
