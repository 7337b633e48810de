import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { laybyPlans, orders } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { releaseOrderStock, returnOrderStock } from "~/domain/orders/order-stock.server";
import { releaseRedemption, returnPromotionUse } from "~/domain/orders/promotions.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { releaseDelivery } from "~/domain/delivery/book-delivery.server";
import { scheduleReviewInvitation } from "~/domain/reviews/review-invitations.server";
import { conflict, notFound } from "~/domain/errors";
import { recordOrderEvent } from "./order-events.server";
import { canMoveOrder, type OrderStatus } from "./order-status";
import type { PaymentStatus } from "./payment-status";

/** Staff, or the shopper by their order's link (no user id; "shopper" on the timeline). */
type Actor = Pick<SessionUser, "email"> & { id: string | null };

type ChangeOrderStatus = {
  orderId: number;
  to: OrderStatus;
  actor: Actor;
  /** Refuse unless the order's money state is one of these, read with the order locked. */
  onlyWhenPayment?: readonly PaymentStatus[];
  /** What the timeline says after the change, when the change has a reason ("delivered"). */
  because?: string;
};

/**
 * Moves an order along (pending -> processing -> completed, or to cancelled). Cancelling gives
 * the order's stock back (held stock is released, sold stock returns to the shelf) and its
 * delivery day's drop.
 */
export async function changeOrderStatus(options: ChangeOrderStatus) {
  return db().transaction((tx) => moveOrderStatus(tx, options));
}

/** As changeOrderStatus, in the caller's transaction (a delivery recorded with its order). */
export async function moveOrderStatus(tx: Tx, options: ChangeOrderStatus) {
  const { orderId, to, actor } = options;
  const [order] = await tx
    .select({
      number: orders.number,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      promotionId: orders.promotionId,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw notFound("This order does not exist.");
  if (options.onlyWhenPayment && !options.onlyWhenPayment.includes(order.paymentStatus)) {
    throw conflict(`Order #${order.number} can no longer be cancelled here. Please contact us.`);
  }
  if (order.paymentStatus === "awaiting_quote" && to !== "cancelled") {
    throw conflict(`Order #${order.number} awaits its delivery quote: quote it first.`);
  }
  if (!canMoveOrder(order.status, to)) {
    throw conflict(`An order that is ${order.status} cannot be marked ${to}.`);
  }
  // A lay-by being paid stays as it is (Consumer Protection Act s62): its goods are held until
  // the last payment, and cancelling it must refund what was paid (cancelLaybyPlan).
  const [plan] = await tx
    .select({ status: laybyPlans.status })
    .from(laybyPlans)
    .where(eq(laybyPlans.orderId, orderId));
  if (plan?.status === "awaiting_deposit" || plan?.status === "active") {
    throw conflict(
      to === "cancelled"
        ? "This order is on lay-by: use Cancel lay-by, which refunds what was paid."
        : `Order #${order.number} is on lay-by: it goes to delivery once it is paid in full.`,
    );
  }
  const now = new Date();
  await tx
    .update(orders)
    .set({ status: to, updatedAt: now, ...(to === "cancelled" ? { cancelledAt: now } : {}) })
    .where(eq(orders.id, orderId));
  if (to === "cancelled") {
    const change = { orderId, reference: `Order ${order.number}`, actor: actor.email };
    // Held stock is released; stock already sold (a paid order) goes back on the shelf.
    // An order cancelled before payment also gives its promotion code's use back.
    if (await releaseOrderStock(tx, change)) {
      if (order.promotionId !== null) await returnPromotionUse(tx, order.promotionId);
    } else {
      await returnOrderStock(tx, change);
    }
    // The shopper's one use of its promotion is theirs again.
    await releaseRedemption(tx, orderId);
    // Its delivery day's drop is free for another order.
    await releaseDelivery(tx, { orderId });
  }
  // Delivered or completed: its buyer is asked to review it, the settings' days later.
  if (to === "completed") await scheduleReviewInvitation(tx, { orderId, now });
  await recordOrderEvent(tx, {
    orderId,
    type: "status_changed",
    message: `Status changed from ${order.status} to ${to}${to === "cancelled" ? "; stock given back" : ""}${options.because ? `: ${options.because}` : ""}.`,
    actor: actor.email,
  });
  await recordAudit(
    {
      action: "order_status_changed",
      actorId: actor.id,
      actorEmail: actor.email,
      subject: `order:${order.number}`,
      details: { from: order.status, to },
    },
    tx,
  );
  return { number: order.number, from: order.status, to };
}
