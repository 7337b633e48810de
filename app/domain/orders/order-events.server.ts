import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { conflict, notFound } from "~/domain/errors";
import { canMovePayment, PAYMENT_STATUS_LABELS, type PaymentStatus } from "./payment-status";

/**
 * Every kind of line an order's timeline holds (decision 050): what the shop, the shopper, a
 * provider or a job did. A new kind of event joins this list.
 */
export const ORDER_EVENT_TYPES = [
  "placed",
  "stage_changed",
  "expired",
  "payment_approved",
  "payment_declined",
  "payment_cancelled",
  "payment_rejected",
  "payment_needs_attention",
  "instalment_paid",
  "invoice_issued",
  "layby_cancelled",
  "layby_refunded",
  "layby_refund_paid",
  "refunded",
  "refund_awaiting",
  "refund_refused",
  "delivery_quoted",
  "delivery_booked",
  "delivery_moved",
  "out_for_delivery",
  "delivered",
  "not_delivered",
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

export type OrderEvent = {
  orderId: number;
  type: OrderEventType;
  message: string;
  /** "shopper", "system", a provider's name, or a staff member's e-mail address. */
  actor?: string;
  createdAt?: Date;
};

/** The one way a line joins an order's timeline, in the caller's transaction. */
export async function recordOrderEvent(tx: Tx, event: OrderEvent) {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    type: event.type,
    message: event.message,
    actor: event.actor ?? "system",
    ...(event.createdAt ? { createdAt: event.createdAt } : {}),
  });
}

/**
 * The only code that changes an order's money state (payment-status.ts): the order row is
 * locked, the move checked against the table (a repeat of the same state is a no-op when the
 * table allows it, a refusal otherwise), and the event, when given, recorded with it. Answers
 * the state it moved from.
 */
export async function moveOrderPayment(
  tx: Tx,
  options: { orderId: number; to: PaymentStatus; event?: Omit<OrderEvent, "orderId">; now?: Date },
): Promise<PaymentStatus> {
  const [order] = await tx
    .select({ number: orders.number, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, options.orderId))
    .for("update");
  if (!order) throw notFound("This order does not exist.");
  const from = order.paymentStatus;
  if (!canMovePayment(from, options.to)) {
    throw conflict(
      `Order #${order.number} is ${PAYMENT_STATUS_LABELS[from].toLowerCase()}: it cannot become ${PAYMENT_STATUS_LABELS[options.to].toLowerCase()}.`,
    );
  }
  await tx
    .update(orders)
    .set({ paymentStatus: options.to, updatedAt: options.now ?? new Date() })
    .where(eq(orders.id, options.orderId));
  if (options.event) await recordOrderEvent(tx, { ...options.event, orderId: options.orderId });
  return from;
}
