import { and, asc, eq, gt, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { countMatching } from "~/db/list-page.server";
import { deliveryBookings, deliveryRunStops, deliveryZones, orders } from "~/db/schema";
import type { PaymentStatus } from "~/domain/orders/payment-status";
import type { OrderStage as OrderStatus } from "~/domain/orders/order-lifecycle";
import { itemsToDeliver } from "./delivery-choices.server";
import type { DeliveryKind } from "./delivery-days";

/** One booked delivery on the day view. */
export type DayBooking = {
  orderNumber: number;
  customer: string;
  town: string;
  suburb: string;
  postalCode: string;
  items: number;
  kind: DeliveryKind;
  deliveryMethod: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalCents: number;
  /** The run it is on and its place there; null when it is on none yet. */
  runId: number | null;
  position: number | null;
};

/** A zone's deliveries on the day: how many of its drops are used, and the bookings. */
export type DayZone = {
  zoneId: number;
  zoneName: string;
  active: boolean;
  dropsPerDay: number;
  bookings: DayBooking[];
};

/**
 * The bookings on `day`: every one is on the day view, under its zone, but for an unpaid
 * order's hold that has ended (docs/decisions/039), which takes no drop and waits to be paid
 * or to expire.
 */
export function bookedOnDay(options: { day: string }): SQL {
  return and(
    eq(deliveryBookings.day, options.day),
    or(isNull(deliveryBookings.heldUntil), gt(deliveryBookings.heldUntil, sql`now()`)),
  )!;
}

/** How many deliveries are booked on `day` (the day view's rows, on a run or not). */
export function countBookingsOfDay(options: { day: string }): Promise<number> {
  return countMatching(deliveryBookings, bookedOnDay(options));
}

/**
 * A day's deliveries by zone, in one query: every active zone (with none booked, "0 of 8"),
 * and any inactive zone that still has bookings that day; each zone's bookings by order number,
 * with the run each is on.
 */
export async function deliveryDayView(options: { day: string }): Promise<DayZone[]> {
  const rows = await db()
    .select({
      zoneId: deliveryZones.id,
      zoneName: deliveryZones.name,
      active: deliveryZones.active,
      dropsPerDay: deliveryZones.dropsPerDay,
      orderNumber: orders.number,
      firstName: orders.firstName,
      lastName: orders.lastName,
      town: orders.city,
      suburb: orders.suburb,
      postalCode: orders.postalCode,
      kind: deliveryBookings.kind,
      deliveryMethod: orders.deliveryMethod,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      totalCents: orders.totalCents,
      items: itemsToDeliver,
      runId: deliveryRunStops.runId,
      position: deliveryRunStops.position,
    })
    .from(deliveryZones)
    .leftJoin(
      deliveryBookings,
      and(eq(deliveryBookings.zoneId, deliveryZones.id), bookedOnDay(options)),
    )
    .leftJoin(orders, eq(orders.id, deliveryBookings.orderId))
    .leftJoin(deliveryRunStops, eq(deliveryRunStops.bookingId, deliveryBookings.id))
    .where(or(eq(deliveryZones.active, true), isNotNull(deliveryBookings.id)))
    .orderBy(asc(deliveryZones.sortOrder), asc(deliveryZones.id), asc(orders.number));
  const zones = new Map<number, DayZone>();
  for (const row of rows) {
    let zone = zones.get(row.zoneId);
    if (!zone) {
      zone = {
        zoneId: row.zoneId,
        zoneName: row.zoneName,
        active: row.active,
        dropsPerDay: row.dropsPerDay,
        bookings: [],
      };
      zones.set(row.zoneId, zone);
    }
    if (row.orderNumber === null || row.kind === null) continue;
    zone.bookings.push({
      orderNumber: row.orderNumber,
      customer: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(),
      town: row.town ?? "",
      suburb: row.suburb ?? "",
      postalCode: row.postalCode ?? "",
      items: row.items,
      kind: row.kind,
      deliveryMethod: row.deliveryMethod ?? "standard",
      status: row.status ?? "awaiting_payment",
      paymentStatus: row.paymentStatus ?? "unpaid",
      totalCents: row.totalCents ?? 0,
      runId: row.runId,
      position: row.position,
    });
  }
  return [...zones.values()];
}
