import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyPlans, orders } from "~/db/schema";
import { giveBackOrderHold } from "./cancel-order.server";
import { moveOrder } from "./move-order.server";

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
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ["awaiting_payment", "layby"]),
          eq(orders.paymentStatus, "unpaid"),
          lte(orders.payBy, now),
        ),
      )
      .orderBy(asc(orders.payBy))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const order of due) {
      await giveBackOrderHold(tx, { orderId: order.id });
      await moveOrder(tx, {
        orderId: order.id,
        to: "cancelled",
        actor: { id: null, email: "system" },
        now,
        event: {
          type: "expired",
          message: "Not paid in time: cancelled and its stock released.",
          actor: "system",
        },
      });
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
    }
    return due.length;
  });
}
