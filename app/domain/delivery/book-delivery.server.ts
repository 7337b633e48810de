import { and, eq, gt, sql } from "drizzle-orm";
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
};

export type DeliveryBooking = typeof deliveryBookings.$inferSelect;

/**
 * Takes one of the day's drops, in one statement: the row is created with one booked, or its
 * count goes up by one only while it is below the zone's drops a day. Concurrent bookings of the
 * same day wait on the row and see each other's count, so at READ COMMITTED no day is
 * overbooked; lowering a zone's drops leaves the bookings made and refuses new ones.
 */
async function takeDrop(tx: Tx, zone: ZoneRules, day: string): Promise<boolean> {
  if (zone.dropsPerDay < 1) return false;
  const taken = await tx
    .insert(deliveryDays)
    .values({ zoneId: zone.id, day, capacity: zone.dropsPerDay, booked: 1 })
    .onConflictDoUpdate({
      target: [deliveryDays.zoneId, deliveryDays.day],
      set: {
        booked: sql`${sql.raw('"delivery_days"."booked"')} + 1`,
        capacity: sql`excluded.capacity`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${sql.raw('"delivery_days"."booked"')} < excluded.capacity`,
    })
    .returning({ booked: deliveryDays.booked });
  return taken.length === 1;
}

async function giveBackDrop(tx: Tx, zoneId: number, day: string): Promise<void> {
  await tx
    .update(deliveryDays)
    .set({ booked: sql`${deliveryDays.booked} - 1`, updatedAt: sql`now()` })
    .where(
      and(eq(deliveryDays.zoneId, zoneId), eq(deliveryDays.day, day), gt(deliveryDays.booked, 0)),
    );
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
      .where(and(eq(deliveryDays.zoneId, zoneId), eq(deliveryDays.day, day)))
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
  if (!(await takeDrop(tx, input.zone, input.day))) {
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
      })
      .returning();
    return booking!;
  }
  await giveBackDrop(tx, existing.zoneId, existing.day);
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
    .returning({ zoneId: deliveryBookings.zoneId, day: deliveryBookings.day });
  if (!released) return null;
  await giveBackDrop(tx, released.zoneId, released.day);
  return released;
}
