import { eq } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { deliveryBookings, deliveryZones, orders } from "~/db/schema";
import { DomainError, notFound } from "~/domain/errors";
import { isPaidInFull } from "~/domain/orders/payment-status";
import { latestProof } from "./delivery-proofs.server";
import { loadActiveZones } from "./active-zones.server";
import { zoneOfAddress, zoneRulesOf } from "./delivery-choices.server";
import { deliveryTerms } from "./delivery-terms";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { addDays, shopToday } from "~/lib/dates";
import {
  bookDelivery,
  DELIVERY_DAY_FIELD,
  moveDelivery,
  type DeliveryHold,
} from "./book-delivery.server";
import { availableDeliveryDays } from "./booked-counts.server";
import { formatDeliveryDay, formatLongDay } from "./day-names";
import type { DeliveryKind } from "./delivery-days";
import { queueDeliveryNotice } from "./delivery-notice-queue.server";
import { sendDeliveryNotice } from "./delivery-notices.server";
import { reasonForCustomer } from "./proof-schemas";

/** How many days checkout and the order page offer to choose from. */
export const DAYS_TO_CHOOSE = 10;

/** A day the shopper may choose: its value ("2026-12-03") and how it reads ("Thursday 3 December"). */
export type DayChoice = { day: string; label: string };

export const CHOOSE_OFFERED_DAY = "Please choose one of the delivery days offered.";

/** A zone's day rules as the delivery zones keep them; null when the zone is gone or inactive. */
export async function zoneRules(zoneId: number, executor: Db | Tx = db()) {
  const [zone] = await executor.select().from(deliveryZones).where(eq(deliveryZones.id, zoneId));
  if (!zone) return null;
  return { name: zone.name, active: zone.active, rules: zoneRulesOf(zone) };
}

/**
 * The next days a shopper may choose in a zone for standard or express delivery (never a
 * Sunday, a public holiday or a full day; docs/decisions/034), as checkout and the order page
 * offer them.
 */
export async function deliveryDayChoices(
  input: { zoneId: number; kind: DeliveryKind; now?: Date; count?: number },
  executor: Db | Tx = db(),
): Promise<DayChoice[]> {
  const zone = await zoneRules(input.zoneId, executor);
  if (!zone) return [];
  const days = await availableDeliveryDays(
    {
      zone: zone.rules,
      kind: input.kind,
      now: input.now ?? new Date(),
      count: input.count ?? DAYS_TO_CHOOSE,
    },
    executor,
  );
  return days.map((day) => ({ day, label: formatDeliveryDay(day) }));
}

/** A posted day as the engine reads it, or "" when it is not a calendar day. */
export function readPostedDay(raw: string | undefined | null): string {
  const text = (raw ?? "").trim();
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : "";
}

/**
 * Books a new order's delivery day in its transaction (checkout): the zone's day rules decide
 * whether the day is offered (400 at the day field otherwise), the database whether a drop is
 * left (DeliveryDayFullError, 409, naming the next free day). The booking joins the timeline.
 */
export async function bookCheckoutDelivery(
  tx: Tx,
  input: {
    orderId: number;
    zoneId: number;
    day: string;
    kind: DeliveryKind;
    now?: Date;
    /** The unpaid order's hold on the day (delivery-holds.server.ts); none books it. */
    hold?: DeliveryHold;
  },
) {
  const zone = await zoneRules(input.zoneId, tx);
  if (!zone) throw notFound("That delivery zone no longer exists.");
  if (!input.day) {
    throw new DomainError("invalid", CHOOSE_OFFERED_DAY, { field: DELIVERY_DAY_FIELD });
  }
  const booking = await bookDelivery(tx, {
    zone: zone.rules,
    orderId: input.orderId,
    day: input.day,
    kind: input.kind,
    now: input.now,
    hold: input.hold,
  });
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    type: "delivery_booked",
    message: `Delivery booked for ${formatLongDay(booking.day)} (${zone.name}${input.kind === "express" ? ", express" : ""}).`,
    actor: "shopper",
  });
  return booking;
}

/** An order's booked delivery: its day, zone and kind; null when none is booked. */
export async function bookedDelivery(orderId: number, executor: Db | Tx = db()) {
  const [row] = await executor
    .select({
      day: deliveryBookings.day,
      kind: deliveryBookings.kind,
      zoneId: deliveryBookings.zoneId,
      zoneName: deliveryZones.name,
    })
    .from(deliveryBookings)
    .innerJoin(deliveryZones, eq(deliveryZones.id, deliveryBookings.zoneId))
    .where(eq(deliveryBookings.orderId, orderId));
  return row ?? null;
}

/**
 * Whether the shopper may still move a day booked for `day`: until the day before it, in
 * Johannesburg (on the day before and on the day itself the truck is being loaded).
 */
export function shopperMayMove(day: string, now: Date = new Date()): boolean {
  return shopToday(now) < addDays(day, -1);
}

export const TOO_LATE_TO_MOVE =
  "Your delivery is too close to move here: from the day before, please phone us to change it.";

/**
 * The shopper moves their order's delivery day from the order's page: only before the day
 * before the booked day (Johannesburg), only to a day the zone offers, within capacity
 * (moveDelivery); audited on the timeline; the shopper's e-mail confirming the new day is queued
 * with the move and sent after it commits.
 */
export async function moveOrderDeliveryByShopper(input: {
  orderId: number;
  day: string;
  now?: Date;
}) {
  const now = input.now ?? new Date();
  const moved = await db().transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for("update");
    if (!order) throw notFound("That order does not exist.");
    if (order.status === "cancelled") {
      throw new DomainError("conflict", "This order is cancelled.", { field: DELIVERY_DAY_FIELD });
    }
    const booked = await bookedDelivery(input.orderId, tx);
    if (!booked) return { ...(await rebookMissedDelivery(tx, { ...input, now })), fromDay: null };
    if (!shopperMayMove(booked.day, now)) {
      throw new DomainError("conflict", TOO_LATE_TO_MOVE, {
        field: DELIVERY_DAY_FIELD,
        title: "Too late to move",
      });
    }
    if (!input.day) {
      throw new DomainError("invalid", CHOOSE_OFFERED_DAY, { field: DELIVERY_DAY_FIELD });
    }
    if (input.day === booked.day) return { ...booked, noticeId: null, fromDay: booked.day };
    const zone = await zoneRules(booked.zoneId, tx);
    if (!zone) throw notFound("That delivery zone no longer exists.");
    const moved = await moveDelivery(tx, {
      zone: zone.rules,
      orderId: input.orderId,
      day: input.day,
      kind: booked.kind,
      now,
    });
    await recordOrderEvent(tx, {
      orderId: input.orderId,
      type: "delivery_moved",
      message: `Delivery moved by the shopper from ${formatLongDay(booked.day)} to ${formatLongDay(moved.day)} (${zone.name}).`,
      actor: "shopper",
    });
    const noticeId = await queueDeliveryNotice(tx, {
      orderId: input.orderId,
      kind: "moved",
      day: moved.day,
      fromDay: booked.day,
    });
    return { ...booked, day: moved.day, noticeId, fromDay: booked.day };
  });
  if (moved.noticeId !== null) await sendDeliveryNotice(moved.noticeId, { now });
  return moved;
}

/**
 * A delivery the driver could not make (docs/decisions/045): its booking was released, and the
 * shopper chooses a new day on the order's page. The zone is the address's today, else the
 * missed visit's; null when the order is not such a one (never delivered, done, not paid in
 * full, or neither zone active).
 */
async function missedDelivery(orderId: number, executor: Db | Tx = db()) {
  const [order] = await executor
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      postalCode: orders.postalCode,
      city: orders.city,
      province: orders.province,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.status !== "to_deliver") return null;
  if (!isPaidInFull(order.paymentStatus)) return null;
  const proof = await latestProof(orderId, undefined, executor);
  if (proof?.outcome !== "not_delivered") return null;
  const zones = await loadActiveZones(executor);
  // The address's zone today; for an address outside every zone (a quoted order staff booked
  // on a zone's round), the zone of the visit that was missed, while it is active.
  const zone =
    zoneOfAddress(zones, {
      postalCode: order.postalCode,
      town: order.city,
      province: order.province,
    }) ??
    zones.find((z) => z.id === proof.zoneId) ??
    null;
  // What the shopper reads of the visit: the reason in the shop's words and the driver's
  // message for them, never the driver's note for the shop.
  const why = { reason: reasonForCustomer(proof.reason), message: proof.customerMessage };
  return zone ? { missedDay: proof.day, zone, ...why } : null;
}

/** The shopper books a new day for a delivery the driver could not make. */
async function rebookMissedDelivery(tx: Tx, input: { orderId: number; day: string; now: Date }) {
  const missed = await missedDelivery(input.orderId, tx);
  if (!missed) throw notFound("This order has no delivery day booked yet.");
  if (!input.day) {
    throw new DomainError("invalid", CHOOSE_OFFERED_DAY, { field: DELIVERY_DAY_FIELD });
  }
  const booking = await bookDelivery(tx, {
    zone: zoneRulesOf(missed.zone),
    orderId: input.orderId,
    day: input.day,
    kind: "standard",
    now: input.now,
  });
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    type: "delivery_booked",
    message: `Delivery booked by the shopper for ${formatLongDay(booking.day)} (${missed.zone.name}), after the visit of ${formatLongDay(missed.missedDay)}.`,
    actor: "shopper",
  });
  const noticeId = await queueDeliveryNotice(tx, {
    orderId: input.orderId,
    kind: "booked",
    day: booking.day,
  });
  return {
    day: booking.day,
    kind: booking.kind,
    zoneId: booking.zoneId,
    zoneName: missed.zone.name,
    noticeId,
  };
}

/**
 * What the shopper's order page shows of the delivery: the day and zone booked, whether it may
 * still be moved and, when it may, the days to move it to (the booked day first); for a
 * delivery the driver could not make, the days to choose a new one from.
 */
export async function shopperDeliveryView(
  order: { id: number; status: string },
  now: Date = new Date(),
) {
  // Delivered or cancelled: the order's stage says what became of it; no day is left to show.
  if (order.status === "delivered" || order.status === "cancelled") return null;
  const booked = await bookedDelivery(order.id);
  if (!booked) {
    const missed = await missedDelivery(order.id);
    if (!missed) return null;
    return {
      day: "",
      label: `Not delivered on ${formatLongDay(missed.missedDay)}`,
      zoneName: missed.zone.name,
      express: false,
      mayMove: true,
      missed: true,
      missedReason: missed.reason,
      driverMessage: missed.message,
      choices: await deliveryDayChoices({ zoneId: missed.zone.id, kind: "standard", now }),
    };
  }
  const mayMove = order.status !== "out_for_delivery" && shopperMayMove(booked.day, now);
  const others = mayMove
    ? await deliveryDayChoices({ zoneId: booked.zoneId, kind: booked.kind, now })
    : [];
  const current = { day: booked.day, label: formatDeliveryDay(booked.day) };
  return {
    day: booked.day,
    label: formatLongDay(booked.day),
    zoneName: booked.zoneName,
    express: booked.kind === "express",
    mayMove,
    missed: false,
    choices: mayMove
      ? [current, ...others.filter((c) => c.day !== booked.day)].sort((a, b) =>
          a.day.localeCompare(b.day),
        )
      : [],
  };
}

/**
 * A lay-by just paid in full: books the earliest free day of its address's zone, in the
 * payment's transaction but in a savepoint, so that a zone gone, a delivery quoted or every
 * day full leaves the payment standing and the order to book by hand. Answers the booking, or
 * null when none was made.
 */
export async function bookPaidLaybyDelivery(tx: Tx, input: { orderId: number; now?: Date }) {
  const now = input.now ?? new Date();
  const [order] = await tx
    .select({ postalCode: orders.postalCode, city: orders.city, province: orders.province })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (!order) return null;
  if (await bookedDelivery(input.orderId, tx)) return null;
  // Only the zone matters here (the order's delivery is charged already): no rates are read.
  const terms = deliveryTerms(
    await loadActiveZones(tx),
    { postalCode: order.postalCode, town: order.city, province: order.province ?? "" },
    { standardDeliveryCents: 0, freeDeliveryThresholdCents: null, expressDeliveryCents: null },
  );
  if (terms.quoted || !terms.zone) return null;
  const zone = await zoneRules(terms.zone.id, tx);
  if (!zone) return null;
  try {
    return await tx.transaction(async (savepoint) => {
      const [day] = await availableDeliveryDays(
        { zone: zone.rules, kind: "standard", now, count: 1 },
        savepoint,
      );
      if (!day) return null;
      const booking = await bookDelivery(savepoint, {
        zone: zone.rules,
        orderId: input.orderId,
        day,
        kind: "standard",
        now,
      });
      await recordOrderEvent(savepoint, {
        orderId: input.orderId,
        type: "delivery_booked",
        message: `Lay-by paid in full: delivery booked for the earliest free day, ${formatLongDay(booking.day)} (${zone.name}).`,
      });
      return booking;
    });
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}
