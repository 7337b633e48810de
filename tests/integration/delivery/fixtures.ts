import crypto from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryDays, deliveryZones, orders } from "~/db/schema";
import type { ZoneRules } from "~/domain/delivery/delivery-days";

let sequence = 0;

/** `n` unpaid orders with nothing but what an order row needs: bookings key on them. */
export async function insertOrders(n: number): Promise<number[]> {
  const rows = Array.from({ length: n }, () => {
    const k = ++sequence;
    return {
      token: crypto.randomBytes(8).toString("hex"),
      idempotencyKey: `delivery-${k}-${crypto.randomBytes(4).toString("hex")}`,
      firstName: "Test",
      lastName: `Buyer ${k}`,
      email: `buyer${k}@example.co.za`,
      phone: "0820000000",
      address: "1 Road",
      city: "Lichtenburg",
      postalCode: "2740",
      deliveryMethod: "standard" as const,
      paymentMethod: "card" as const,
      subtotalCents: 100_000,
      deliveryCents: 0,
      vatCents: 13_043,
      totalCents: 100_000,
      payBy: new Date(Date.now() + 3_600_000),
    };
  });
  const saved = await db().insert(orders).values(rows).returning({ id: orders.id });
  return saved.map((row) => row.id);
}

let zoneNames = 0;

/**
 * A delivery zone saved as staff would (Monday to Saturday, no lead days, express allowed unless
 * said otherwise), answered as the rules the days are worked out from.
 */
export async function zone(rules: Partial<Omit<ZoneRules, "id">> = {}): Promise<ZoneRules> {
  const wanted = {
    weekdays: [1, 2, 3, 4, 5, 6],
    leadDays: 0,
    dropsPerDay: 4,
    express: true,
    ...rules,
  };
  const [saved] = await db()
    .insert(deliveryZones)
    .values({
      name: `Test zone ${++zoneNames} ${crypto.randomBytes(3).toString("hex")}`,
      postalCodes: ["2740"],
      standardFeeCents: 29_900,
      expressFeeCents: wanted.express ? 29_900 : null,
      leadDays: wanted.leadDays,
      weekdays: [...wanted.weekdays],
      dropsPerDay: wanted.dropsPerDay,
    })
    .returning({ id: deliveryZones.id });
  return { id: saved!.id, ...wanted };
}

/** A day's row as the database holds it (booked 0 when it has none). */
export async function dayRow(zoneId: number, day: string) {
  const [row] = await db()
    .select({ booked: deliveryDays.booked, capacity: deliveryDays.capacity })
    .from(deliveryDays)
    .where(sql`${deliveryDays.zoneId} = ${zoneId} and ${deliveryDays.day} = ${day}`);
  return row ?? { booked: 0, capacity: null };
}

/**
 * Invariant: each day's count is the number of bookings on it, for the whole zone; unpaid
 * orders' holds are counted apart, while they last (docs/decisions/039).
 */
export async function countsMatchBookings(zoneId: number): Promise<boolean> {
  const counted = await db()
    .select({ day: deliveryBookings.day, n: count() })
    .from(deliveryBookings)
    .where(and(eq(deliveryBookings.zoneId, zoneId), isNull(deliveryBookings.heldUntil)))
    .groupBy(deliveryBookings.day);
  const kept = await db()
    .select({ day: deliveryDays.day, booked: deliveryDays.booked })
    .from(deliveryDays)
    .where(eq(deliveryDays.zoneId, zoneId));
  const a = new Map(counted.map((r) => [r.day, r.n]));
  const b = new Map(kept.filter((r) => r.booked > 0).map((r) => [r.day, r.booked]));
  return a.size === b.size && [...a].every(([day, n]) => b.get(day) === n);
}
