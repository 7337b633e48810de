import { loadActiveZones } from "./active-zones.server";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryZones, laybyPlans, orders } from "~/db/schema";
import {
  bookingKind,
  deliveryChoice,
  zoneOfAddress,
  type DeliveryChoice,
} from "./delivery-choices.server";
import type { DeliveryKind } from "./delivery-days";

export type OrderDelivery = {
  booking: { day: string; zoneName: string; kind: DeliveryKind } | null;
  /** The zone's next free days when staff may book or move it now; else null and why not. */
  choice: DeliveryChoice | null;
  why: string | null;
};

/** An order's delivery day as its back-office page shows it, with the Book or Move choices. */
export async function orderDelivery(orderId: number, now = new Date()): Promise<OrderDelivery> {
  const [row] = await db()
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      postalCode: orders.postalCode,
      city: orders.city,
      province: orders.province,
      deliveryMethod: orders.deliveryMethod,
      laybyStatus: laybyPlans.status,
      day: deliveryBookings.day,
      kind: deliveryBookings.kind,
      zoneName: deliveryZones.name,
      bookedZone: deliveryZones,
    })
    .from(orders)
    .leftJoin(laybyPlans, eq(laybyPlans.orderId, orders.id))
    .leftJoin(deliveryBookings, eq(deliveryBookings.orderId, orders.id))
    .leftJoin(deliveryZones, eq(deliveryZones.id, deliveryBookings.zoneId))
    .where(eq(orders.id, orderId));
  if (!row) return { booking: null, choice: null, why: null };
  const booking =
    row.day && row.kind && row.zoneName
      ? { day: row.day, zoneName: row.zoneName, kind: row.kind }
      : null;
  const refuse = (why: string) => ({ booking, choice: null, why });
  if (row.status === "cancelled") return refuse("The order is cancelled: nothing to deliver.");
  if (row.status === "delivered") return refuse("The order is delivered.");
  if (row.paymentStatus !== "paid" && row.paymentStatus !== "partially_refunded") {
    return refuse(
      row.laybyStatus
        ? "A lay-by is booked for delivery once it is paid in full."
        : "Book a delivery day once the order is paid.",
    );
  }
  // The address's zone today, else the zone it was booked in (a quoted order on a zone's round).
  const zone =
    zoneOfAddress(await loadActiveZones(), {
      postalCode: row.postalCode,
      town: row.city,
      province: row.province,
    }) ?? (booking ? row.bookedZone : null);
  if (!zone) {
    return refuse(
      "The address is outside every delivery zone: delivery is quoted. An order quoted for our own truck is booked in Deliveries > To book, on the round of the zone chosen there.",
    );
  }
  return {
    booking,
    choice: await deliveryChoice(
      zone,
      booking ? "standard" : bookingKind(row.deliveryMethod, zone),
      now,
    ),
    why: null,
  };
}
