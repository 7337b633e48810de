import { and, asc, eq, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { countMatching } from "~/db/list-page.server";
import { deliveryProofs, deliveryRuns, deliveryZones, orders } from "~/db/schema";
import type { NotDeliveredReason } from "./proof-schemas";

/**
 * A visit the driver could not make, as the day view shows it. Its booking was released when it
 * was recorded (the order is back in To book), so it is read from the visit's proof: it stays on
 * its day and its run, and nothing books or moves it from there.
 */
export type FailedVisit = {
  proofId: number;
  orderNumber: number;
  customer: string;
  town: string;
  suburb: string;
  postalCode: string;
  zoneName: string | null;
  runId: number | null;
  truck: string | null;
  reason: NotDeliveredReason | null;
  /** The driver's note, for staff only. */
  note: string | null;
  /** What the customer was told, when the driver wrote them a message. */
  customerMessage: string | null;
  recordedByName: string;
  recordedAt: string;
};

/** The visits recorded as not delivered on `day`: the day view's list and the dashboard's count. */
export function failedVisitsWhere(options: { day: string }): SQL {
  return and(eq(deliveryProofs.day, options.day), eq(deliveryProofs.outcome, "not_delivered"))!;
}

/** How many visits the driver could not make on `day`. */
export function countFailedVisitsOfDay(options: { day: string }): Promise<number> {
  return countMatching(deliveryProofs, failedVisitsWhere(options));
}

/** The day's missed visits, in the order they were recorded. */
export async function failedVisitsOfDay(options: { day: string }): Promise<FailedVisit[]> {
  const rows = await db()
    .select({
      proofId: deliveryProofs.id,
      orderNumber: orders.number,
      firstName: orders.firstName,
      lastName: orders.lastName,
      town: orders.city,
      suburb: orders.suburb,
      postalCode: orders.postalCode,
      zoneName: deliveryZones.name,
      runId: deliveryProofs.runId,
      truck: deliveryRuns.truck,
      reason: deliveryProofs.reason,
      note: deliveryProofs.note,
      customerMessage: deliveryProofs.customerMessage,
      recordedByName: deliveryProofs.recordedByName,
      recordedAt: deliveryProofs.recordedAt,
    })
    .from(deliveryProofs)
    .innerJoin(orders, eq(orders.id, deliveryProofs.orderId))
    .leftJoin(deliveryZones, eq(deliveryZones.id, deliveryProofs.zoneId))
    .leftJoin(deliveryRuns, eq(deliveryRuns.id, deliveryProofs.runId))
    .where(failedVisitsWhere(options))
    .orderBy(asc(deliveryProofs.recordedAt), asc(deliveryProofs.id));
  return rows.map(({ firstName, lastName, recordedAt, ...row }) => ({
    ...row,
    customer: `${firstName} ${lastName}`.trim(),
    recordedAt: recordedAt.toISOString(),
  }));
}
