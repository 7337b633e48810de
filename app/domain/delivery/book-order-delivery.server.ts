import { loadActiveZones } from "./active-zones.server";
import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { deliveryBookings, deliveryQuotes, deliveryZones, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { conflict, DomainError, forbidden, notFound } from "~/domain/errors";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { isPaidInFull } from "~/domain/orders/payment-status";
import { isDbId } from "~/lib/db-ids";
import { bookDelivery, DELIVERY_DAY_FIELD, moveDelivery } from "./book-delivery.server";
import { CHOOSE_ZONE_MESSAGE, DELIVERY_ZONE_FIELD } from "./booking-schemas";
import { bookingKind, zoneOfAddress, zoneRulesOf, type ZoneRow } from "./delivery-choices.server";
import { isDayAllowed } from "./delivery-days";
import { formatLongDay } from "./day-names";
import { publicHolidayName, weekdayOf } from "./public-holidays";
import { queueDeliveryNotice } from "./delivery-notice-queue.server";
import { sendDeliveryNotice } from "./delivery-notices.server";

type Actor = Pick<SessionUser, "id" | "email" | "role">;

const dayError = (message: string) =>
  new DomainError("invalid", message, { field: DELIVERY_DAY_FIELD, title: "Choose another day" });

/** A Sunday or a public holiday gets its own words before the zone's rules are asked. */
function refuseClosedDay(day: string) {
  if (weekdayOf(day) === 0) {
    throw dayError(`${formatLongDay(day)} is a Sunday: the truck does not go out on Sundays.`);
  }
  const holiday = publicHolidayName(day);
  if (holiday) {
    throw dayError(`${formatLongDay(day)} is ${holiday}, a public holiday: choose another day.`);
  }
}

async function lockOrderByNumber(tx: Tx, number: number) {
  const [order] = isDbId(number)
    ? await tx.select().from(orders).where(eq(orders.number, number)).for("update")
    : [];
  if (!order) throw notFound(`Order #${number} does not exist.`);
  if (order.status === "cancelled") {
    throw conflict(`Order #${order.number} is cancelled: there is nothing to deliver.`);
  }
  if (order.status === "delivered") {
    throw conflict(`Order #${order.number} is delivered: its goods have been handed over.`);
  }
  if (!isPaidInFull(order.paymentStatus)) {
    throw conflict(`Order #${order.number} is not paid in full yet: book it once it is.`);
  }
  return order;
}

const zoneError = (message: string) =>
  new DomainError("invalid", message, { field: DELIVERY_ZONE_FIELD, title: "Choose a zone" });

/**
 * The zone an order is booked in: the one its address matches today, else (an address no zone
 * covers any longer) the zone it was booked in, else, for an order quoted for our own truck,
 * the active zone staff chose to take it on its round (`byQuote`). A courier's quote, or no
 * quote at all, is not booked here.
 */
async function zoneForOrder(
  tx: Tx,
  order: typeof orders.$inferSelect,
  bookedZoneId: number | null,
  chosenZoneId: number | undefined,
): Promise<{ zone: ZoneRow; byQuote: boolean }> {
  const zones = await loadActiveZones(tx);
  const matched = zoneOfAddress(zones, {
    postalCode: order.postalCode,
    town: order.city,
    province: order.province,
  });
  if (matched) return { zone: matched, byQuote: false };
  if (bookedZoneId !== null) {
    const [booked] = await tx
      .select()
      .from(deliveryZones)
      .where(eq(deliveryZones.id, bookedZoneId));
    if (booked) return { zone: booked, byQuote: false };
  }
  const [quote] = await tx
    .select({ carrier: deliveryQuotes.carrier })
    .from(deliveryQuotes)
    .where(eq(deliveryQuotes.orderId, order.id));
  if (quote?.carrier === "courier") {
    throw conflict(
      `Order #${order.number}'s delivery is quoted for a courier: the courier delivers it, so there is nothing to book on the truck.`,
    );
  }
  if (quote?.carrier !== "own_truck") {
    throw conflict(
      `Order #${order.number}'s address is outside every delivery zone: its delivery is quoted, not booked here.`,
    );
  }
  if (chosenZoneId === undefined) throw zoneError(CHOOSE_ZONE_MESSAGE);
  const chosen = zones.find((z) => z.id === chosenZoneId);
  if (!chosen) throw zoneError("That zone is not an active delivery zone: choose one listed.");
  return { zone: chosen, byQuote: true };
}

/**
 * Staff book (or move) a paid order's delivery day: checked against the zone's days and held
 * within its drops by the engine (`bookDelivery`), in one transaction with the order's timeline
 * and the audit log, with the shopper's e-mail queued in it and sent after the commit. A full
 * day answers the engine's message naming the next free day (409).
 */
export async function bookOrderDelivery(options: {
  orderNumber: number;
  day: string;
  /** "book" refuses an order already booked; "move" one that is not. */
  mode: "book" | "move";
  /**
   * The zone whose round takes an order quoted for our own truck when its address matches no
   * zone (docs/decisions/041); ignored for any other order.
   */
  zoneId?: number;
  actor: Actor;
  now?: Date;
}) {
  const { orderNumber, day, mode, actor } = options;
  if (!isStaffRole(actor.role)) throw forbidden("Only staff book deliveries.");
  const now = options.now ?? new Date();
  const booked = await db().transaction(async (tx) => {
    const order = await lockOrderByNumber(tx, orderNumber);
    const [existing] = await tx
      .select({ zoneId: deliveryBookings.zoneId, day: deliveryBookings.day })
      .from(deliveryBookings)
      .where(eq(deliveryBookings.orderId, order.id));
    if (mode === "book" && existing) {
      throw conflict(
        `Order #${order.number} is already booked for ${formatLongDay(existing.day)}: use Move to change the day.`,
      );
    }
    if (mode === "move" && !existing) {
      throw notFound(`Order #${order.number} has no delivery day booked yet: use Book.`);
    }
    const { zone, byQuote } = await zoneForOrder(
      tx,
      order,
      existing?.zoneId ?? null,
      options.zoneId,
    );
    // A move is to a later day of the zone's own round: express's next two days are for checkout.
    // A quoted delivery rides the chosen zone's round: checkout sold it no express.
    const kind = mode === "move" || byQuote ? "standard" : bookingKind(order.deliveryMethod, zone);
    refuseClosedDay(day);
    const rules = { zone: zoneRulesOf(zone), kind, now };
    if (existing?.day === day && existing.zoneId === zone.id) {
      throw new DomainError(
        "conflict",
        `Order #${order.number} is already booked for ${formatLongDay(day)}: choose another day to move it.`,
        { field: DELIVERY_DAY_FIELD },
      );
    }
    if (!isDayAllowed(rules, day)) {
      throw dayError(
        `${formatLongDay(day)} is not a day ${zone.name} offers for ${kind} delivery: choose one of the days listed.`,
      );
    }
    const input = { ...rules, orderId: order.id, day };
    await (mode === "move" ? moveDelivery(tx, input) : bookDelivery(tx, input));
    const when = `${formatLongDay(day)} (${zone.name})`;
    const message =
      mode === "move"
        ? `Delivery moved from ${formatLongDay(existing!.day)} to ${when}.`
        : byQuote
          ? `Delivery booked for ${when}: quoted for our own truck, outside every zone.`
          : `Delivery booked for ${when}.`;
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: mode === "move" ? "delivery_moved" : "delivery_booked",
      message,
      actor: actor.email,
    });
    await recordAudit(
      {
        action: mode === "move" ? "delivery_moved" : "delivery_booked",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: {
          zone: zone.name,
          day,
          kind,
          ...(existing ? { from: existing.day } : {}),
          ...(byQuote ? { quoted: "own_truck" } : {}),
        },
      },
      tx,
    );
    const noticeId = await queueDeliveryNotice(tx, {
      orderId: order.id,
      kind: mode === "move" ? "moved" : "booked",
      day,
      fromDay: existing?.day,
    });
    return { number: order.number, day, zoneName: zone.name, kind, message, noticeId };
  });
  // The shopper is told once the booking has committed; the job sends it if this one fails.
  await sendDeliveryNotice(booked.noticeId, { now });
  return booked;
}
