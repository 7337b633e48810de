import { and, asc, eq, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyPlans, orders } from "~/db/schema";
import { releaseDelivery } from "~/domain/delivery/book-delivery.server";
import { recordOrderEvent } from "./order-events.server";
import { releaseOrderStock } from "./order-stock.server";
import { releaseRedemption, returnPromotionUse } from "./promotions.server";

/**
 * Cancels unpaid orders whose time to pay has passed: their stock is released, their
 * promotion use and their delivery day's drop given back. Orders another process (or a payment being recorded) holds are
 * skipped (`SKIP LOCKED`), so several server processes can run this at once. A lay-by order
 * whose deposit never came is one of them: its plan is cancelled too (unpaid_deposit; nothing
 * was paid, so nothing to refund). Once the deposit is in, the order is part paid and this no
 * longer touches it. Answers how many orders it cancelled.
 */
export async function expireUnpaidOrders(now = new Date(), batch = 50): Promise<number> {
  return db().transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, number: orders.number, promotionId: orders.promotionId })
      .from(orders)
      .where(
        and(
          eq(orders.status, "pending"),
          eq(orders.paymentStatus, "unpaid"),
          lte(orders.payBy, now),
        ),
      )
      .orderBy(asc(orders.payBy))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const order of due) {
      await releaseOrderStock(tx, { orderId: order.id, reference: `Order ${order.number}` });
      if (order.promotionId !== null) await returnPromotionUse(tx, order.promotionId);
      await releaseRedemption(tx, order.id);
      await releaseDelivery(tx, { orderId: order.id });
      await tx
        .update(orders)
        .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx
        .update(laybyPlans)
        .set({
          status: "cancelled",
          cancelReason: "unpaid_deposit",
          cancelledAt: now,
          chargeCents: 0,
          refundCents: 0,
          updatedAt: now,
        })
        .where(and(eq(laybyPlans.orderId, order.id), eq(laybyPlans.status, "awaiting_deposit")));
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "expired",
        message: "Not paid in time: cancelled and its stock released.",
        actor: "system",
      });
    }
    return due.length;
  });
}
