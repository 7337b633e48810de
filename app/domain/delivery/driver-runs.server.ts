import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  deliveryBookings,
  deliveryProofs,
  deliveryRunStops,
  deliveryRuns,
  users,
} from "~/db/schema";
import { addressLines } from "~/domain/addresses/format-address";
import {
  addOnWork,
  itemLine,
  ordersForPapers,
  toCollect,
  type PaperOrder,
} from "./delivery-papers.server";
import { NOT_DELIVERED_REASON_LABELS, type StopState } from "./proof-schemas";

/**
 * What the driver's phone shows of a stop: who, where, whom to call, the goods, the add-ons to
 * do there and what to collect (as the run sheet words them), its state.
 */
function stopView(order: PaperOrder, state: StopState, outcome?: string) {
  return {
    orderNumber: order.number,
    name: `${order.firstName} ${order.lastName}`.trim(),
    address: addressLines(order),
    phone: order.deliveryMobile || order.phone,
    accessNotes: order.accessNotes,
    items: order.lines.map(itemLine),
    addOns: addOnWork(order),
    toCollect: toCollect(order),
    state,
    outcome: outcome ?? null,
  };
}

export type DriverStop = ReturnType<typeof stopView>;

/**
 * The day's runs for the driver's phone, the signed-in driver's first: each stop in the run's
 * order with its state (at the shop, out, delivered), then the stops the driver could not
 * deliver (their bookings released, so no longer on the run).
 */
export async function driverRuns(options: { day: string; driverId: string }) {
  const runs = await db()
    .select({
      id: deliveryRuns.id,
      day: deliveryRuns.day,
      truck: deliveryRuns.truck,
      driverId: deliveryRuns.driverId,
      driverName: users.name,
    })
    .from(deliveryRuns)
    .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(eq(deliveryRuns.day, options.day))
    .orderBy(
      desc(sql`${deliveryRuns.driverId} = ${options.driverId}`),
      asc(users.name),
      asc(deliveryRuns.id),
    );
  if (runs.length === 0) return [];
  const runIds = runs.map((r) => r.id);
  const [stops, proofs] = await Promise.all([
    db()
      .select({
        runId: deliveryRunStops.runId,
        orderId: deliveryBookings.orderId,
        outAt: deliveryRunStops.outForDeliveryAt,
      })
      .from(deliveryRunStops)
      .innerJoin(deliveryBookings, eq(deliveryBookings.id, deliveryRunStops.bookingId))
      .where(inArray(deliveryRunStops.runId, runIds))
      .orderBy(asc(deliveryRunStops.position), asc(deliveryRunStops.id)),
    db()
      .select({
        runId: deliveryProofs.runId,
        orderId: deliveryProofs.orderId,
        outcome: deliveryProofs.outcome,
        recipientName: deliveryProofs.recipientName,
        reason: deliveryProofs.reason,
      })
      .from(deliveryProofs)
      .where(and(inArray(deliveryProofs.runId, runIds), eq(deliveryProofs.day, options.day)))
      .orderBy(asc(deliveryProofs.recordedAt), asc(deliveryProofs.id)),
  ]);
  const papers = new Map(
    (await ordersForPapers([...new Set([...stops, ...proofs].map((s) => s.orderId))])).map((o) => [
      o.id,
      o,
    ]),
  );
  const proofOf = new Map(proofs.map((p) => [`${p.runId}:${p.orderId}`, p]));
  return runs.map((run) => {
    const onRun = stops.filter((s) => s.runId === run.id);
    const left = proofs.filter(
      (p) =>
        p.runId === run.id &&
        p.outcome === "not_delivered" &&
        !onRun.some((s) => s.orderId === p.orderId),
    );
    const views = [
      ...onRun.flatMap((s) => {
        const order = papers.get(s.orderId);
        if (!order) return [];
        const proof = proofOf.get(`${run.id}:${s.orderId}`);
        if (proof?.outcome === "delivered") {
          return [stopView(order, "delivered", `Received by ${proof.recipientName ?? ""}`)];
        }
        return [stopView(order, s.outAt ? "out_for_delivery" : "booked")];
      }),
      ...left.flatMap((p) => {
        const order = papers.get(p.orderId);
        const why = p.reason ? NOT_DELIVERED_REASON_LABELS[p.reason] : "";
        return order ? [stopView(order, "not_delivered", why)] : [];
      }),
    ];
    return {
      ...run,
      mine: run.driverId === options.driverId,
      started: onRun.some((s) => s.outAt !== null),
      toStart: views.filter((s) => s.state === "booked").length,
      stops: views,
    };
  });
}

export type DriverRun = Awaited<ReturnType<typeof driverRuns>>[number];
