import { eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderLines, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { scheduleReviewInvitation } from "~/domain/reviews/review-invitations.server";
import { recordOrderEvent, type OrderEvent } from "./order-events.server";
import { canMoveOrder, ORDER_STAGE_LABELS, type OrderStage } from "./order-lifecycle";

/** Staff (audited), or the system, a provider or the shopper (on the timeline only). */
export type OrderActor = { id: string | null; email: string };

/**
 * The only code that changes an order's stage (order-lifecycle.ts): the order row is locked, the
 * move checked against the table (the same stage again is a no-op), the timeline told why, and
 * a staff member's move audited. A delivered order's buyer is asked for a review, the
 * settings' days later. Answers the stage it moved from.
 */
export async function moveOrder(
  tx: Tx,
  options: {
    orderId: number;
    to: OrderStage;
    actor: OrderActor;
    /** What the timeline says after the change ("paid", "out for delivery"). */
    because?: string;
    /** The timeline's line for the move, when its caller says it better than the stages do. */
    event?: Omit<OrderEvent, "orderId">;
    now?: Date;
  },
): Promise<OrderStage> {
  const { orderId, to, actor } = options;
  const now = options.now ?? new Date();
  const [order] = await tx
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw notFound("This order does not exist.");
  const from = order.status;
  if (from === to) return from;
  if (!canMoveOrder(from, to)) {
    throw conflict(
      `Order #${order.number} is ${ORDER_STAGE_LABELS[from].toLowerCase()}: it cannot become ${ORDER_STAGE_LABELS[to].toLowerCase()}.`,
    );
  }
  await tx
    .update(orders)
    // eslint-disable-next-line no-restricted-syntax -- the one writer of an order's stage
    .set({ status: to, updatedAt: now, ...(to === "cancelled" ? { cancelledAt: now } : {}) })
    .where(eq(orders.id, orderId));
  if (to === "delivered") {
    // What was left of each line is handed over (docs/decisions/050).
    await tx
      .update(orderLines)
      .set({ deliveredQuantity: sql`${orderLines.quantity} - ${orderLines.creditedQuantity}` })
      .where(eq(orderLines.orderId, orderId));
    await scheduleReviewInvitation(tx, { orderId, now });
  }
  await recordOrderEvent(tx, {
    orderId,
    type: "stage_changed",
    message: `${ORDER_STAGE_LABELS[from]} → ${ORDER_STAGE_LABELS[to]}${options.because ? `: ${options.because}` : ""}.`,
    actor: actor.email,
    ...options.event,
  });
  if (actor.id !== null) {
    await recordAudit(
      {
        action: "order_status_changed",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: { from, to },
      },
      tx,
    );
  }
  return from;
}
