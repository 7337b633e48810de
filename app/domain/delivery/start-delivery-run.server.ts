import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryRunStops, deliveryRuns, orders, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { conflict, forbidden, notFound } from "~/domain/errors";
import { moveOrder } from "~/domain/orders/move-order.server";
import { isPaidInFull } from "~/domain/orders/payment-status";
import { isDbId } from "~/lib/db-ids";
import { shopToday } from "~/lib/dates";
import { formatLongDay } from "./day-names";
import { queueDeliveryNotice } from "./delivery-notice-queue.server";
import { sendDeliveryNotice } from "./delivery-notices.server";

type Actor = Pick<SessionUser, "id" | "email" | "role">;

/**
 * The driver starts the day's run: each stop still at the shop goes out for delivery, its
 * order moves to out for delivery (the transition table's way), its timeline says so,
 * and its shopper's e-mail is queued with it and sent after the commit. A stop whose order is
 * not paid in full, or is done, stays behind. Starting again sends no stop out twice.
 */
export async function startDeliveryRun(options: { runId: number; actor: Actor; now?: Date }) {
  const { actor } = options;
  if (!isStaffRole(actor.role)) throw forbidden("Only staff drive delivery runs.");
  const now = options.now ?? new Date();
  const started = await db().transaction(async (tx) => {
    // Orders before the run, as every change to a run's stops locks them.
    const onRun = isDbId(options.runId)
      ? await tx
          .select({ orderId: deliveryBookings.orderId })
          .from(deliveryRunStops)
          .innerJoin(deliveryBookings, eq(deliveryBookings.id, deliveryRunStops.bookingId))
          .where(eq(deliveryRunStops.runId, options.runId))
          .orderBy(asc(deliveryBookings.orderId))
      : [];
    const locked = onRun.length
      ? await tx
          .select({
            id: orders.id,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
          })
          .from(orders)
          .where(
            inArray(
              orders.id,
              onRun.map((s) => s.orderId),
            ),
          )
          .orderBy(asc(orders.id))
          .for("update")
      : [];
    const [run] = isDbId(options.runId)
      ? await tx
          .select({
            id: deliveryRuns.id,
            day: deliveryRuns.day,
            truck: deliveryRuns.truck,
            driverName: users.name,
          })
          .from(deliveryRuns)
          .innerJoin(users, eq(users.id, deliveryRuns.driverId))
          .where(eq(deliveryRuns.id, options.runId))
          .for("update", { of: deliveryRuns })
      : [];
    if (!run) throw notFound("That delivery run does not exist.");
    if (run.day !== shopToday(now)) {
      throw conflict(`This run is for ${formatLongDay(run.day)}: start it on its day.`);
    }
    const waiting = await tx
      .select({ stopId: deliveryRunStops.id, orderId: deliveryBookings.orderId })
      .from(deliveryRunStops)
      .innerJoin(deliveryBookings, eq(deliveryBookings.id, deliveryRunStops.bookingId))
      .where(and(eq(deliveryRunStops.runId, run.id), isNull(deliveryRunStops.outForDeliveryAt)));
    const byId = new Map(locked.map((o) => [o.id, o]));
    const noticeIds: number[] = [];
    let held = 0;
    for (const stop of waiting) {
      const order = byId.get(stop.orderId);
      if (!order || order.status === "cancelled" || order.status === "delivered") continue;
      if (order.status !== "to_deliver" || !isPaidInFull(order.paymentStatus)) {
        held++;
        continue;
      }
      await moveOrder(tx, {
        orderId: order.id,
        to: "out_for_delivery",
        actor,
        now,
        event: {
          type: "out_for_delivery",
          message: `Out for delivery on ${run.truck} with ${run.driverName}.`,
          actor: actor.email,
        },
      });
      await tx
        .update(deliveryRunStops)
        .set({ outForDeliveryAt: now })
        .where(eq(deliveryRunStops.id, stop.stopId));
      noticeIds.push(
        await queueDeliveryNotice(tx, {
          orderId: order.id,
          kind: "out_for_delivery",
          day: run.day,
        }),
      );
    }
    await recordAudit(
      {
        action: "delivery_run_started",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `delivery_run:${run.id}`,
        details: { day: run.day, out: noticeIds.length, held },
      },
      tx,
    );
    return { truck: run.truck, out: noticeIds.length, held, noticeIds };
  });
  for (const id of started.noticeIds) await sendDeliveryNotice(id, { now });
  return started;
}
