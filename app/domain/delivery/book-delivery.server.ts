import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { deliveryBookings, deliveryDays, laybyPlans, orders } from "~/db/schema";
import { DomainError, notFound } from "~/domain/errors";
import { formatLongDay } from "./day-names";
import { availableDeliveryDays } from "./booked-counts.server";
import { isDayAllowed, type DeliveryKind, type ZoneRules } from "./delivery-days";
import { dropStopOfBooking } from "./run-stops.server";

/** The checkout's form field for the day. */
export const DELIVERY_DAY_FIELD = "deliveryDay";

/** A day that filled up while the shopper chose it; names the next free day to offer instead. */
export class DeliveryDayFullError extends DomainError {
  constructor(
    readonly day: string,
    readonly nextFreeDay: string | null,
    kind: DeliveryKind = "standard",
  ) {
    const next = nextFreeDay
      ? `the next free day is ${formatLongDay(nextFreeDay)}`
      : kind === "express"
        ? "no express day is free, please choose standard delivery"
        : "no day is free in the coming months, please contact us";
    super("conflict", `That day has just filled up: ${next}.`, {
      field: DELIVERY_DAY_FIELD,
      title: "Delivery day full",
    });
  }
}

export type BookDeliveryInput = {
  zone: ZoneRules;
  orderId: number;
  day: string;
  kind: DeliveryKind;
  /** For a lay-by, its plan (found from the order when left out): booked once paid in full. */
  laybyPlanId?: number | null;
  /** When the shopper chose (for the cut-off and lead days); now by default. */
  now?: Date;
  goodsReadyDay?: string | null;
  closedDays?: ReadonlySet<string>;
  cutOff?: string;
  /**
   * An unpaid order's hold (checkout): the day counts against its drops only until `until`;
   * `address` and `device` say who placed it, for the caps on holds. None: a booking.
   */
  hold?: DeliveryHold | null;
};

/** Who holds a day for an unpaid order, and until when (docs/decisions/039). */
export type DeliveryHold = { until: Date; address?: string | null; device?: string | null };

export type DeliveryBooking = typeof deliveryBookings.$inferSelect;

/** A zone's day, as a condition on the days' rows. */
const dayIs = (zoneId: number, day: string) =>
  and(eq(deliveryDays.zoneId, zoneId), eq(deliveryDays.day, day));

/** How many unpaid orders hold a zone's day at `now` (their holds are not in `booked`). */
async function liveHolds(tx: Tx, zoneId: number, day: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(deliveryBookings)
    .where(
      and(
        eq(deliveryBookings.zoneId, zoneId),
        eq(deliveryBookings.day, day),
        gt(deliveryBookings.heldUntil, now),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes one of the day's drops while the day's bookings and live holds are below the zone's
 * drops a day: a booking adds one to `booked`, a hold (an unpaid order's, docs/decisions/039)
 * only its own row, counted while it lasts. The day's row is created the first time and locked
 * before anything is counted, so concurrent bookings of the same day wait for each other, and
 * at READ COMMITTED each counts after the one before it committed: no day is overbooked.
 * Lowering a zone's drops leaves the bookings made and refuses new ones.
 */
async function takeDrop(
  tx: Tx,
  zone: ZoneRules,
  day: string,
  options: { now: Date; firm: boolean },
): Promise<boolean> {
  if (zone.dropsPerDay < 1) return false;
  await tx
    .insert(deliveryDays)
    .values({ zoneId: zone.id, day, capacity: zone.dropsPerDay, booked: 0 })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ booked: deliveryDays.booked })
    .from(deliveryDays)
    .where(dayIs(zone.id, day))
    .for("update");
  const held = await liveHolds(tx, zone.id, day, options.now);
  if (!row || row.booked + held >= zone.dropsPerDay) return false;
  await tx
    .update(deliveryDays)
    .set({
      booked: options.firm ? sql`${deliveryDays.booked} + 1` : deliveryDays.booked,
      capacity: zone.dropsPerDay,
      updatedAt: sql`now()`,
    })
    .where(dayIs(zone.id, day));
  return true;
}

async function giveBackDrop(tx: Tx, zoneId: number, day: string): Promise<void> {
  await tx
    .update(deliveryDays)
    .set({ booked: sql`${deliveryDays.booked} - 1`, updatedAt: sql`now()` })
    .where(and(dayIs(zoneId, day), gt(deliveryDays.booked, 0)));
}

/**
 * Locks the days a move touches in one order (zone, then day), so two moves crossing between
 * the same two days wait for each other instead of deadlocking.
 */
async function lockDays(tx: Tx, days: { zoneId: number; day: string }[]): Promise<void> {
  const sorted = [...days].sort((a, b) => a.zoneId - b.zoneId || a.day.localeCompare(b.day));
  for (const { zoneId, day } of sorted) {
    await tx
      .select({ day: deliveryDays.day })
      .from(deliveryDays)
      .where(dayIs(zoneId, day))
      .for("update");
  }
}

async function lockOrder(tx: Tx, orderId: number): Promise<void> {
  // One booking at a time per order: a double-clicked checkout books one day, not two.
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw notFound("That order does not exist.");
}

/**
 * The order's lay-by plan, if it has one: its goods go out only once it is paid in full
 * (Consumer Protection Act s62), whether or not the caller names the plan.
 */
async function laybyPlanOf(tx: Tx, orderId: number, named?: number | null) {
  const [plan] = await tx
    .select({ id: laybyPlans.id, status: laybyPlans.status })
    .from(laybyPlans)
    .where(eq(laybyPlans.orderId, orderId));
  if (named != null && plan?.id !== named) throw notFound("That lay-by plan is not this order's.");
  if (plan && plan.status !== "completed") {
    throw new DomainError("conflict", "A lay-by is booked for delivery once it is paid in full.", {
      field: DELIVERY_DAY_FIELD,
    });
  }
  return plan?.id ?? null;
}

/**
 * Books an order's delivery day, or moves it when the order has one (the old day's drop is
 * given back in the same transaction). Throws DeliveryDayFullError when the day is full, with
 * the next free day; an invalid DomainError when the zone's rules do not offer the day.
 */
export async function bookDelivery(tx: Tx, input: BookDeliveryInput): Promise<DeliveryBooking> {
  await lockOrder(tx, input.orderId);
  const laybyPlanId = await laybyPlanOf(tx, input.orderId, input.laybyPlanId);
  const [existing] = await tx
    .select()
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, input.orderId));
  if (existing && existing.zoneId === input.zone.id && existing.day === input.day) {
    if (existing.kind === input.kind && existing.laybyPlanId === laybyPlanId) return existing;
    const [same] = await tx
      .update(deliveryBookings)
      .set({ kind: input.kind, laybyPlanId, updatedAt: sql`now()` })
      .where(eq(deliveryBookings.id, existing.id))
      .returning();
    return same!;
  }
  const rules = { ...input, now: input.now ?? new Date() };
  if (!isDayAllowed(rules, input.day)) {
    throw new DomainError("invalid", "Please choose one of the delivery days offered.", {
      field: DELIVERY_DAY_FIELD,
    });
  }
  if (existing) await lockDays(tx, [existing, { zoneId: input.zone.id, day: input.day }]);
  // A move keeps what the booking was: a hold stays a hold (until the same time), a booking a
  // booking.
  const firm = existing ? existing.heldUntil === null : !input.hold;
  if (!(await takeDrop(tx, input.zone, input.day, { now: rules.now, firm }))) {
    const [next] = await availableDeliveryDays({ ...rules, after: input.day, count: 1 }, tx);
    throw new DeliveryDayFullError(input.day, next ?? null, input.kind);
  }
  if (!existing) {
    const [booking] = await tx
      .insert(deliveryBookings)
      .values({
        orderId: input.orderId,
        zoneId: input.zone.id,
        day: input.day,
        kind: input.kind,
        laybyPlanId,
        ...(input.hold
          ? {
              heldUntil: input.hold.until,
              heldByAddress: input.hold.address ?? null,
              heldByDevice: input.hold.device ?? null,
            }
          : {}),
      })
      .returning();
    return booking!;
  }
  if (firm) await giveBackDrop(tx, existing.zoneId, existing.day);
  // A run is one day's: a delivery moved to another day leaves its run.
  if (existing.day !== input.day) await dropStopOfBooking(tx, existing.id);
  const [moved] = await tx
    .update(deliveryBookings)
    .set({
      zoneId: input.zone.id,
      day: input.day,
      kind: input.kind,
      laybyPlanId,
      updatedAt: sql`now()`,
    })
    .where(eq(deliveryBookings.id, existing.id))
    .returning();
  return moved!;
}

/** Moves an order's booked delivery to another day (or zone, when its address changed). */
export async function moveDelivery(tx: Tx, input: BookDeliveryInput): Promise<DeliveryBooking> {
  const [existing] = await tx
    .select({ id: deliveryBookings.id })
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, input.orderId));
  if (!existing) throw notFound("This order has no delivery day booked yet.");
  return bookDelivery(tx, input);
}

/**
 * Gives back a cancelled order's drop and takes it off its run; answers the day released, or
 * null when none was booked.
 */
export async function releaseDelivery(
  tx: Tx,
  input: { orderId: number },
): Promise<{ zoneId: number; day: string } | null> {
  const [booked] = await tx
    .select({ id: deliveryBookings.id })
    .from(deliveryBookings)
    .where(eq(deliveryBookings.orderId, input.orderId));
  if (booked) await dropStopOfBooking(tx, booked.id);
  const [released] = await tx
    .delete(deliveryBookings)
    .where(eq(deliveryBookings.orderId, input.orderId))
    .returning({
      zoneId: deliveryBookings.zoneId,
      day: deliveryBookings.day,
      heldUntil: deliveryBookings.heldUntil,
    });
  if (!released) return null;
  // A hold was never in the day's count: deleting it was enough.
  if (released.heldUntil === null) await giveBackDrop(tx, released.zoneId, released.day);
  return { zoneId: released.zoneId, day: released.day };
}

/**
 * An unpaid order's hold becomes a booking when the order is paid, in the payment's
 * transaction: a hold still live takes the drop it held (it was counted all along); one that
 * lapsed (or was let go when a payment was cancelled) takes its day only while the day is free
 * at the zone's drops a day now. Answers "booked", "full" (the hold lapsed and its day filled
 * since: the caller finds another), or null when the booking is no hold.
 */
export async function confirmHeldDelivery(
  tx: Tx,
  input: { hold: DeliveryBooking; dropsPerDay: number; now: Date },
): Promise<"booked" | "full" | null> {
  const { hold } = input;
  if (!hold.heldUntil) return null;
  await lockDays(tx, [hold]);
  const live = hold.heldUntil > input.now;
  const [row] = await tx
    .select({ booked: deliveryDays.booked, capacity: deliveryDays.capacity })
    .from(deliveryDays)
    .where(dayIs(hold.zoneId, hold.day));
  // Live, its drop is within the day's count already (booked and live holds never pass the
  // capacity); lapsed, it competes with the bookings and other live holds of the day.
  const fits = live
    ? !!row && row.booked < row.capacity
    : !!row &&
      row.booked + (await liveHolds(tx, hold.zoneId, hold.day, input.now)) < input.dropsPerDay;
  if (!fits) return "full";
  await tx
    .update(deliveryDays)
    .set({
      booked: sql`${deliveryDays.booked} + 1`,
      ...(live ? {} : { capacity: input.dropsPerDay }),
      updatedAt: sql`now()`,
    })
    .where(dayIs(hold.zoneId, hold.day));
  await tx
    .update(deliveryBookings)
    .set({ heldUntil: null, heldByAddress: null, heldByDevice: null, updatedAt: sql`now()` })
    .where(eq(deliveryBookings.id, hold.id));
  return "booked";
}

/**
 * Lets an unpaid order's hold go at once (its payment was cancelled or declined): the day stops
 * counting it; the booking stays, to be taken again if the order is paid while the day is free.
 */
export async function endDeliveryHold(tx: Tx, input: { orderId: number; now: Date }) {
  await tx
    .update(deliveryBookings)
    .set({ heldUntil: input.now, updatedAt: sql`now()` })
    .where(
      and(eq(deliveryBookings.orderId, input.orderId), gt(deliveryBookings.heldUntil, input.now)),
    );
}
