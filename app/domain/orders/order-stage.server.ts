import { and, desc, eq, sql } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { deliveryBookings, deliveryProofs, orderEvents, orders, refunds } from "~/db/schema";
import { shopToday } from "~/lib/dates";
import { orderStageView, type StageFacts, type StageView } from "./order-stage-view";

/**
 * The outer query's order id, written out in full: in a query without joins drizzle leaves
 * columns unqualified, and inside a subquery a bare "id" would be the subquery's own row's.
 */
const outerOrderId = sql.raw('"orders"."id"');

/**
 * The day an order's delivery is booked for, as a column of a list's query (null when none):
 * lists pass it to `orderStageView` with the order's stage and money state.
 */
export const bookedDay = sql<
  string | null
>`(select b."day" from ${deliveryBookings} b where b."order_id" = ${outerOrderId})`;

/** Everything `orderStageView` needs of one order, read from the database. */
export async function orderStageFacts(
  orderId: number,
  executor: Db | Tx = db(),
): Promise<StageFacts | null> {
  const [row] = await executor
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      deliveryDay: bookedDay,
      refundedCents: sql<number>`coalesce((select sum(r."amount_cents") from ${refunds} r where r."order_id" = ${outerOrderId} and r."kind" = 'order' and r."status" = 'completed'), 0)::int`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [proof] = await executor
    .select({
      outcome: deliveryProofs.outcome,
      day: deliveryProofs.day,
      recipientName: deliveryProofs.recipientName,
    })
    .from(deliveryProofs)
    .where(and(eq(deliveryProofs.orderId, orderId)))
    .orderBy(desc(deliveryProofs.recordedAt), desc(deliveryProofs.id))
    .limit(1);
  return {
    ...row,
    missedDay: proof?.outcome === "not_delivered" && !row.deliveryDay ? proof.day : null,
    delivered:
      row.status === "delivered"
        ? proof?.outcome === "delivered"
          ? { day: proof.day, receivedBy: proof.recipientName }
          : await handedOver(orderId, executor)
        : null,
  };
}

/**
 * An order staff handed over without a run (collected, or by courier) has no proof: its day is
 * the day it became delivered, its last move (delivered is where an order's life ends).
 */
async function handedOver(orderId: number, executor: Db | Tx) {
  const [moved] = await executor
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "stage_changed")))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(1);
  return moved ? { day: shopToday(moved.at), receivedBy: null } : null;
}

/** The order's stage as people read it, or null when there is no such order. */
export async function orderStage(orderId: number): Promise<StageView | null> {
  const facts = await orderStageFacts(orderId);
  return facts && orderStageView(facts);
}
