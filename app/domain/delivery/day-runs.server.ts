import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryRuns, users } from "~/db/schema";
import type { DayBooking, DayZone } from "./delivery-day-view.server";

/** A run on the day view: its truck and driver and its stops in order, each with its zone. */
export type DayRun = {
  runId: number;
  truck: string;
  driverName: string;
  stops: (DayBooking & { zoneName: string })[];
};

/** The day's runs, oldest first, with the day's bookings (read by zone) put on them in order. */
export async function runsOfDay(options: { day: string; zones: DayZone[] }): Promise<DayRun[]> {
  const runs = await db()
    .select({ runId: deliveryRuns.id, truck: deliveryRuns.truck, driverName: users.name })
    .from(deliveryRuns)
    .innerJoin(users, eq(users.id, deliveryRuns.driverId))
    .where(eq(deliveryRuns.day, options.day))
    .orderBy(asc(deliveryRuns.id));
  const byRun = new Map<number, DayRun>(runs.map((r) => [r.runId, { ...r, stops: [] }]));
  for (const zone of options.zones) {
    for (const booking of zone.bookings) {
      if (booking.runId === null) continue;
      byRun.get(booking.runId)?.stops.push({ ...booking, zoneName: zone.zoneName });
    }
  }
  for (const run of byRun.values()) run.stops.sort((a, b) => a.position! - b.position!);
  return [...byRun.values()];
}
