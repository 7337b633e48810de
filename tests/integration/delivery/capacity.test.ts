import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings } from "~/db/schema";
import {
  bookDelivery,
  DeliveryDayFullError,
  moveDelivery,
  type BookDeliveryInput,
} from "~/domain/delivery/book-delivery.server";
import type { ZoneRules } from "~/domain/delivery/delivery-days";
import { useTestDatabase } from "../../setup/database";
import { countsMatchBookings, dayRow, insertOrders, zone } from "./fixtures";

/**
 * The day's capacity under concurrency. On PostgreSQL (TEST_DATABASE_URL) each checkout is its
 * own transaction on its own pooled connection, and holds its drop for 50 ms before committing
 * so that the others queue on the day's row: the test also checks that they did overlap. On
 * PGlite, one connection runs the transactions one after another: the same counts must hold.
 */
const { handle } = useTestDatabase();

const now = new Date("2026-11-24T08:00:00Z"); // Tuesday 10:00 in Johannesburg
const DAY = "2026-11-25";
const NEXT = "2026-11-26";

type Attempt = { orderId: number; started: number; ended: number };

/** One checkout's transaction: books the day, then holds it a moment on PostgreSQL. */
async function checkout(
  input: Omit<BookDeliveryInput, "now">,
  attempt: Attempt,
  book = bookDelivery,
) {
  try {
    return await db().transaction(async (tx) => {
      // From here the transaction is open on its own connection (the pool's wait is not counted).
      attempt.started = performance.now();
      const booking = await book(tx, { ...input, now });
      if (handle().kind === "postgres") await tx.execute(sql`select pg_sleep(0.05)`);
      return booking;
    });
  } finally {
    attempt.ended = performance.now();
  }
}

/** The most transactions that were open on the database at one moment. */
function mostAtOnce(attempts: Attempt[]): number {
  const events = attempts
    .flatMap((a) => [
      [a.started, 1],
      [a.ended, -1],
    ])
    .sort((x, y) => x[0]! - y[0]! || x[1]! - y[1]!);
  let open = 0;
  let most = 0;
  for (const [, step] of events) most = Math.max(most, (open += step!));
  return most;
}

async function fill(z: ZoneRules, day: string, n: number) {
  for (const orderId of await insertOrders(n)) {
    await db().transaction((tx) =>
      bookDelivery(tx, { zone: z, orderId, day, kind: "standard", now }),
    );
  }
}

describe("a day's drops under parallel checkouts", () => {
  it("books exactly the last 2 drops for 20 parallel checkouts; the rest book the next day", async () => {
    const z = await zone({ dropsPerDay: 20 });
    await fill(z, DAY, 18);
    const shoppers = await insertOrders(20);
    const attempts = shoppers.map((orderId) => ({ orderId, started: 0, ended: 0 }));
    const results = await Promise.allSettled(
      attempts.map((a) => checkout({ zone: z, orderId: a.orderId, day: DAY, kind: "standard" }, a)),
    );

    const booked = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(booked).toHaveLength(2);
    expect(refused).toHaveLength(18);
    for (const error of refused) {
      expect(error).toBeInstanceOf(DeliveryDayFullError);
      expect(error).toMatchObject({
        field: "deliveryDay",
        nextFreeDay: NEXT,
        message: "That day has just filled up: the next free day is Thursday 26 November 2026.",
      });
    }
    expect(await dayRow(z.id, DAY)).toEqual({ booked: 20, capacity: 20 });
    if (handle().kind === "postgres") expect(mostAtOnce(attempts)).toBeGreaterThan(2);

    // The 18 take the day offered to them, again all at once: nothing is lost.
    const refusedOrders = attempts.filter((_, i) => results[i]!.status === "rejected");
    const again = await Promise.allSettled(
      refusedOrders.map((a) =>
        checkout({ zone: z, orderId: a.orderId, day: NEXT, kind: "standard" }, a),
      ),
    );
    expect(again.filter((r) => r.status === "fulfilled")).toHaveLength(18);
    expect(await dayRow(z.id, NEXT)).toEqual({ booked: 18, capacity: 20 });
    const bookings = await db()
      .select({ orderId: deliveryBookings.orderId })
      .from(deliveryBookings)
      .where(eq(deliveryBookings.zoneId, z.id));
    expect(bookings).toHaveLength(38);
    for (const orderId of shoppers) expect(bookings.some((b) => b.orderId === orderId)).toBe(true);
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("books the first drops of a day nobody has booked yet, exactly as many as it takes", async () => {
    // No row for the day yet: the parallel inserts meet on the day's key, not on a row.
    const z = await zone({ dropsPerDay: 3 });
    const shoppers = await insertOrders(12);
    const attempts = shoppers.map((orderId) => ({ orderId, started: 0, ended: 0 }));
    const results = await Promise.allSettled(
      attempts.map((a) => checkout({ zone: z, orderId: a.orderId, day: DAY, kind: "express" }, a)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DeliveryDayFullError);
    expect(await dayRow(z.id, DAY)).toEqual({ booked: 3, capacity: 3 });
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("moves bookings across the same two days at once without a deadlock or a lost drop", async () => {
    const z = await zone({ dropsPerDay: 10 });
    const onDay = await insertOrders(5);
    const onNext = await insertOrders(5);
    for (const orderId of onDay)
      await db().transaction((tx) =>
        bookDelivery(tx, { zone: z, orderId, day: DAY, kind: "standard", now }),
      );
    for (const orderId of onNext)
      await db().transaction((tx) =>
        bookDelivery(tx, { zone: z, orderId, day: NEXT, kind: "standard", now }),
      );
    const moves = [
      ...onDay.map((orderId) => ({ orderId, day: NEXT })),
      ...onNext.map((orderId) => ({ orderId, day: DAY })),
    ];
    const attempts = moves.map((m) => ({ orderId: m.orderId, started: 0, ended: 0 }));
    const results = await Promise.allSettled(
      moves.map((m, i) =>
        checkout(
          { zone: z, orderId: m.orderId, day: m.day, kind: "standard" },
          attempts[i]!,
          moveDelivery,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(await dayRow(z.id, DAY)).toMatchObject({ booked: 5 });
    expect(await dayRow(z.id, NEXT)).toMatchObject({ booked: 5 });
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("holds and bookings together never pass the day's drops, however many unpaid checkouts at once", async () => {
    // Unpaid orders' holds are not in the day's count (docs/decisions/039): each checkout
    // counts them after the one before it committed.
    const z = await zone({ dropsPerDay: 5 });
    await fill(z, DAY, 2);
    const until = new Date(now.getTime() + 15 * 60_000);
    const shoppers = await insertOrders(12);
    const attempts = shoppers.map((orderId) => ({ orderId, started: 0, ended: 0 }));
    const results = await Promise.allSettled(
      attempts.map((a, i) =>
        checkout(
          i % 3 === 0
            ? { zone: z, orderId: a.orderId, day: DAY, kind: "standard" }
            : { zone: z, orderId: a.orderId, day: DAY, kind: "standard", hold: { until } },
          a,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DeliveryDayFullError);
    const onDay = await db()
      .select({ heldUntil: deliveryBookings.heldUntil })
      .from(deliveryBookings)
      .where(and(eq(deliveryBookings.zoneId, z.id), eq(deliveryBookings.day, DAY)));
    const held = onDay.filter((b) => b.heldUntil !== null).length;
    expect(await dayRow(z.id, DAY)).toMatchObject({ booked: 5 - held });
    expect(await countsMatchBookings(z.id)).toBe(true);
    if (handle().kind === "postgres") expect(mostAtOnce(attempts)).toBeGreaterThan(2);
  });
});
