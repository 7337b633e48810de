import { and, asc, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { deliveryBookings, deliveryRunStops, deliveryRuns, orders, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole } from "~/domain/auth/roles";
import { conflict, DomainError, forbidden, notFound } from "~/domain/errors";
import { isPaidInFull } from "~/domain/orders/payment-status";
import { isDbId } from "~/lib/db-ids";
import { formatLongDay } from "./day-names";
import type { Actor } from "./delivery-runs.server";
import { moveStop, type StopDirection } from "./stop-order";

/*
 * A run's stops keep the places 1..n. Every change locks the run's row first, reads the stops in
 * order, and writes the new order back, so two staff reordering at once wait for each other and
 * the second works on the first's result. An order's row is locked before its run's (as staff's
 * Move does), so putting a stop on and moving its day cannot deadlock.
 */

type Run = typeof deliveryRuns.$inferSelect;

async function lockRun(tx: Tx, runId: number): Promise<Run & { driverName: string }> {
  const [run] = isDbId(runId)
    ? await tx.select().from(deliveryRuns).where(eq(deliveryRuns.id, runId)).for("update")
    : [];
  if (!run) throw notFound("That delivery run does not exist.");
  const [driver] = await tx
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, run.driverId));
  return { ...run, driverName: driver?.name ?? "" };
}

/** The run's stop ids in order. */
async function stopIds(tx: Tx, runId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: deliveryRunStops.id })
    .from(deliveryRunStops)
    .where(eq(deliveryRunStops.runId, runId))
    .orderBy(asc(deliveryRunStops.position), asc(deliveryRunStops.id));
  return rows.map((r) => r.id);
}

/**
 * Writes the run's order as places 1..n: first each stop to a negative place of its own (its
 * id), then to its new place, so the unique (run, place) index never sees two stops at once.
 */
async function writeOrder(tx: Tx, runId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(deliveryRunStops)
    .set({ position: sql`-${deliveryRunStops.id}` })
    .where(eq(deliveryRunStops.runId, runId));
  const places = sql.join(
    ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update delivery_run_stops s set position = p.place
    from (values ${places}) as p(id, place) where s.id = p.id and s.run_id = ${runId}`);
}

const runName = (run: { truck: string; driverName: string }) =>
  `${run.truck} (${run.driverName || "no driver"})`;

async function lockOrder(tx: Tx, orderNumber: number) {
  const [order] = isDbId(orderNumber)
    ? await tx.select().from(orders).where(eq(orders.number, orderNumber)).for("update")
    : [];
  if (!order) throw notFound(`Order #${orderNumber} does not exist.`);
  return order;
}

async function stopOf(tx: Tx, bookingId: number) {
  const [stop] = await tx
    .select({ id: deliveryRunStops.id, runId: deliveryRunStops.runId })
    .from(deliveryRunStops)
    .where(eq(deliveryRunStops.bookingId, bookingId));
  return stop;
}

function staffOnly(actor: Actor) {
  if (!isStaffRole(actor.role)) throw forbidden("Only staff plan delivery runs.");
}

const audit = (
  tx: Tx,
  actor: Actor,
  action: "delivery_stop_added" | "delivery_stop_removed" | "delivery_stop_moved",
  run: Run,
  details: Record<string, unknown>,
) =>
  recordAudit(
    {
      action,
      actorId: actor.id,
      actorEmail: actor.email,
      subject: `delivery_run:${run.id}`,
      details: { day: run.day, ...details },
    },
    tx,
  );

/**
 * Puts a paid order booked for the run's day on the run, as its last stop. Another day's
 * delivery is refused at the order (400); an order on a run already, not booked or not paid, 409.
 */
export async function addRunStop(options: { runId: number; orderNumber: number; actor: Actor }) {
  staffOnly(options.actor);
  return db().transaction(async (tx) => {
    const order = await lockOrder(tx, options.orderNumber);
    const run = await lockRun(tx, options.runId);
    const [booking] = await tx
      .select({ id: deliveryBookings.id, day: deliveryBookings.day })
      .from(deliveryBookings)
      .where(eq(deliveryBookings.orderId, order.id));
    if (!booking) {
      throw conflict(`Order #${order.number} has no delivery day booked: book it first.`, "order");
    }
    if (booking.day !== run.day) {
      throw new DomainError(
        "invalid",
        `Order #${order.number} is booked for ${formatLongDay(booking.day)}: this run goes on ${formatLongDay(run.day)}.`,
        { field: "order" },
      );
    }
    if (order.status === "cancelled" || order.status === "delivered") {
      throw conflict(`Order #${order.number} is ${order.status}: there is nothing to deliver.`);
    }
    if (!isPaidInFull(order.paymentStatus)) {
      throw conflict(`Order #${order.number} is not paid in full: it cannot go on a run.`, "order");
    }
    const existing = await stopOf(tx, booking.id);
    if (existing) {
      const where =
        existing.runId === run.id ? "this run" : `another run on ${formatLongDay(run.day)}`;
      throw conflict(`Order #${order.number} is already on ${where}: take it off first.`, "order");
    }
    const ids = await stopIds(tx, run.id);
    const [stop] = await tx
      .insert(deliveryRunStops)
      .values({ runId: run.id, bookingId: booking.id, position: ids.length + 1 })
      .returning();
    await audit(tx, options.actor, "delivery_stop_added", run, {
      order: order.number,
      position: stop!.position,
    });
    return { run: runName(run), orderNumber: order.number, position: stop!.position };
  });
}

async function stopOnRun(tx: Tx, runId: number, orderNumber: number) {
  const [stop] = isDbId(orderNumber)
    ? await tx
        .select({ id: deliveryRunStops.id, position: deliveryRunStops.position })
        .from(deliveryRunStops)
        .innerJoin(deliveryBookings, eq(deliveryBookings.id, deliveryRunStops.bookingId))
        .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
        .where(and(eq(deliveryRunStops.runId, runId), eq(orders.number, orderNumber)))
    : [];
  if (!stop) throw notFound(`Order #${orderNumber} is not on this run.`);
  return stop;
}

/** Takes an order off its run; the stops after it move up a place. */
export async function removeRunStop(options: { runId: number; orderNumber: number; actor: Actor }) {
  staffOnly(options.actor);
  return db().transaction(async (tx) => {
    const run = await lockRun(tx, options.runId);
    const stop = await stopOnRun(tx, run.id, options.orderNumber);
    await tx.delete(deliveryRunStops).where(eq(deliveryRunStops.id, stop.id));
    await writeOrder(tx, run.id, await stopIds(tx, run.id));
    await audit(tx, options.actor, "delivery_stop_removed", run, { order: options.orderNumber });
    return { run: runName(run), orderNumber: options.orderNumber };
  });
}

/** Moves a stop one place up or down the run; first up and last down stay where they are. */
export async function moveRunStop(options: {
  runId: number;
  orderNumber: number;
  direction: StopDirection;
  actor: Actor;
}) {
  staffOnly(options.actor);
  return db().transaction(async (tx) => {
    const run = await lockRun(tx, options.runId);
    const stop = await stopOnRun(tx, run.id, options.orderNumber);
    const ids = await stopIds(tx, run.id);
    const moved = moveStop(ids, stop.id, options.direction);
    const position = moved.indexOf(stop.id) + 1;
    if (moved.some((id, i) => id !== ids[i])) {
      await writeOrder(tx, run.id, moved);
      await audit(tx, options.actor, "delivery_stop_moved", run, {
        order: options.orderNumber,
        direction: options.direction,
        position,
      });
    }
    return { run: runName(run), orderNumber: options.orderNumber, position, of: ids.length };
  });
}

/**
 * Takes a booking off its run when its day changes or it is released, in the caller's
 * transaction (the engine's move and release); the stops after it move up. Null when it was on
 * no run.
 */
export async function dropStopOfBooking(tx: Tx, bookingId: number): Promise<number | null> {
  const stop = await stopOf(tx, bookingId);
  if (!stop) return null;
  await lockRun(tx, stop.runId);
  await tx.delete(deliveryRunStops).where(eq(deliveryRunStops.id, stop.id));
  await writeOrder(tx, stop.runId, await stopIds(tx, stop.runId));
  return stop.runId;
}
