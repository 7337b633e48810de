import { and, eq, gt, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { deliveryBookings, orders } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { env } from "~/env.server";
import {
  bookDelivery,
  confirmHeldDelivery,
  DELIVERY_DAY_FIELD,
  endDeliveryHold,
  releaseDelivery,
  type DeliveryHold,
} from "./book-delivery.server";
import { availableDeliveryDays } from "./booked-counts.server";
import { formatLongDay } from "./day-names";
import { zoneRules } from "./shopper-delivery.server";

/*
 * An unpaid order holds the day chosen at checkout only while its shopper pays (docs/decisions
 * 039): DELIVERY_HOLD_MINUTES from placing it (never past its time to pay), and only
 * DELIVERY_HOLDS_PER_SHOPPER such holds at once per address, e-mail and device. A cancelled or
 * declined payment lets the hold go at once; a paid order's hold becomes its booking.
 */

/** Who places a checkout's hold: the client's address and the browser's device, when known. */
export type DayHolder = { address?: string | null; device?: string | null };

/** Until when a new order placed at `now` holds its day: never past its time to pay. */
function holdEndsAt(now: Date, payBy: Date): Date {
  const ends = new Date(now.getTime() + env().DELIVERY_HOLD_MINUTES * 60_000);
  return ends < payBy ? ends : payBy;
}

/**
 * Checks that the shopper (by address, e-mail and device) holds fewer days than allowed and
 * answers the hold for a new order; a DomainError at the day field (429) when they hold as
 * many already. Each of the holder's keys is locked for the rest of the transaction first
 * (always in the same order), so two checkouts from the same shopper at once count each other.
 */
export async function newDeliveryHold(
  tx: Tx,
  input: { holder: DayHolder; email: string; now: Date; payBy: Date },
): Promise<DeliveryHold> {
  const email = input.email.trim().toLowerCase();
  const address = input.holder.address || null;
  const device = input.holder.device || null;
  const keys = [
    `hold:email:${email}`,
    ...(address ? [`hold:address:${address}`] : []),
    ...(device ? [`hold:device:${device}`] : []),
  ].sort();
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
  const mine: SQL[] = [sql`lower(${orders.email}) = ${email}`];
  if (address) mine.push(eq(deliveryBookings.heldByAddress, address));
  if (device) mine.push(eq(deliveryBookings.heldByDevice, device));
  const [held] = await tx
    .select({
      byEmail: sql<number>`count(*) filter (where lower(${orders.email}) = ${email})`.mapWith(
        Number,
      ),
      byAddress: address
        ? sql<number>`count(*) filter (where ${deliveryBookings.heldByAddress} = ${address})`.mapWith(
            Number,
          )
        : sql<number>`0`.mapWith(Number),
      byDevice: device
        ? sql<number>`count(*) filter (where ${deliveryBookings.heldByDevice} = ${device})`.mapWith(
            Number,
          )
        : sql<number>`0`.mapWith(Number),
      firstEnds: sql<Date | null>`min(${deliveryBookings.heldUntil})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
    })
    .from(deliveryBookings)
    .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
    .where(and(gt(deliveryBookings.heldUntil, input.now), or(...mine)));
  const most = env().DELIVERY_HOLDS_PER_SHOPPER;
  if (held && Math.max(held.byEmail, held.byAddress, held.byDevice) >= most) {
    throw tooManyHolds(most, held.firstEnds, input.now);
  }
  return { until: holdEndsAt(input.now, input.payBy), address, device };
}

function tooManyHolds(most: number, firstEnds: Date | null, now: Date) {
  const minutes = firstEnds
    ? Math.max(1, Math.ceil((firstEnds.getTime() - now.getTime()) / 60_000))
    : env().DELIVERY_HOLD_MINUTES;
  const orders = most === 1 ? "an order" : `${most} orders`;
  const message = `You already have ${orders} waiting for payment that hold a delivery day. Please complete one of those payments, or try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  return new DomainError("rate_limited", message, {
    field: DELIVERY_DAY_FIELD,
    title: "Too many unpaid orders",
  });
}

/**
 * The order is being paid (markOrderPaid, in the payment's transaction): its hold becomes its
 * booking. A hold that lapsed, and whose day has filled since, is moved to the zone's next free
 * day of its kind, on the timeline; when there is none (or the zone is gone) the day is let go
 * and the paid order waits in To book for staff. A payment never fails for its day.
 */
export async function bookHeldDelivery(tx: Tx, input: { orderId: number; now?: Date }) {
  const now = input.now ?? new Date();
  const [hold] = await tx
    .select()
    .from(deliveryBookings)
    .where(and(eq(deliveryBookings.orderId, input.orderId), isNotNull(deliveryBookings.heldUntil)));
  if (!hold) return;
  const zone = await zoneRules(hold.zoneId, tx);
  const dropsPerDay = zone?.rules.dropsPerDay ?? 0;
  const confirmed = await confirmHeldDelivery(tx, { hold, dropsPerDay, now });
  if (confirmed !== "full") return;
  await releaseDelivery(tx, { orderId: input.orderId });
  const booked =
    zone?.active &&
    (await tx
      .transaction(async (savepoint) => {
        const [day] = await availableDeliveryDays(
          { zone: zone.rules, kind: hold.kind, now, count: 1 },
          savepoint,
        );
        if (!day) return null;
        return bookDelivery(savepoint, {
          zone: zone.rules,
          orderId: input.orderId,
          day,
          kind: hold.kind,
          now,
        });
      })
      .catch((error: unknown) => {
        if (error instanceof DomainError) return null;
        throw error;
      }));
  await recordOrderEvent(tx, {
    orderId: input.orderId,
    type: "delivery_moved",
    message: booked
      ? `${formatLongDay(hold.day)} was no longer free when the payment came (its hold had ended): delivery booked for the next free day, ${formatLongDay(booked.day)} (${zone!.name}).`
      : `${formatLongDay(hold.day)} was no longer free when the payment came (its hold had ended), and no other day is free: the delivery is to be booked by staff.`,
  });
}

/**
 * The shopper left the payment (cancelled at the provider) or it was declined: the order's
 * hold on its day ends now, so the day is free for others at once. Nothing else changes: the
 * order may still be paid while its time to pay lasts, and then takes its day if still free.
 */
export async function letDeliveryHoldGo(tx: Tx, input: { orderId: number; now?: Date }) {
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, input.orderId));
  if (order?.paymentStatus !== "unpaid") return;
  await endDeliveryHold(tx, { orderId: input.orderId, now: input.now ?? new Date() });
}
