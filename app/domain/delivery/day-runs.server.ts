import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryRuns, users } from "~/db/schema";
import type { DayBooking, DayZone } from "./delivery-day-view.server";
import type { FailedVisit } from "./failed-visits.server";

/**
 * A run on the day view: its truck and driver, its stops in order, each with its zone, and the
 * visits on it the driver could not make (no longer stops: their bookings were released).
 */
export type DayRun = {
  runId: number;
  truck: string;
  driverName: string;
  stops: (DayBooking & { zoneName: string })[];
  failed: FailedVisit[];
};

/**
 * The day's runs, oldest first, with the day's bookings (read by zone) put on them in order,
 * and each run's missed visits.
 */
export async function runsOfDay(options: {
  day: string;
  zones: DayZone[];
  failed: FailedVisit[];
}): Promise<DayRun[]> {
  const runs = await db()
    .select({ runId: deliveryRuns.id, truck: deliveryRuns.truck, driverName: users.name })
    .from(deliveryRuns)
    .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(eq(deliveryRuns.day, options.day))
    .orderBy(asc(deliveryRuns.id));
  const byRun = new Map<number, DayRun>(
    runs.map((r) => [r.runId, { ...r, stops: [], failed: [] }]),
  );
  for (const zone of options.zones) {
    for (const booking of zone.bookings) {
      if (booking.runId === null) continue;
      byRun.get(booking.runId)?.stops.push({ ...booking, zoneName: zone.zoneName });
    }
  }
  for (const visit of options.failed) {
    if (visit.runId !== null) byRun.get(visit.runId)?.failed.push(visit);
  }
  for (const run of byRun.values()) run.stops.sort((a, b) => a.position! - b.position!);
  return [...byRun.values()];
}
