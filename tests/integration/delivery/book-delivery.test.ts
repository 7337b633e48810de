import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryDays, laybyPlans } from "~/db/schema";
import { availableDeliveryDays, bookedCounts } from "~/domain/delivery/booked-counts.server";
import {
  bookDelivery,
  DeliveryDayFullError,
  moveDelivery,
  releaseDelivery,
  type BookDeliveryInput,
} from "~/domain/delivery/book-delivery.server";
import { type DomainError } from "~/domain/errors";
import { useTestDatabase } from "../../setup/database";
import { countsMatchBookings, dayRow, insertOrders, zone } from "./fixtures";

useTestDatabase();

/** Tuesday 24 November 2026, 10:00 in Johannesburg. */
const now = new Date("2026-11-24T08:00:00Z");
const book = (input: Omit<BookDeliveryInput, "now">) =>
  db().transaction((tx) => bookDelivery(tx, { ...input, now }));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as DomainError,
  );

describe("booking a delivery day", () => {
  it("books a day once, however often the same booking is sent", async () => {
    const z = await zone();
    const [order] = await insertOrders(1);
    const first = await book({ zone: z, orderId: order!, day: "2026-11-25", kind: "standard" });
    const again = await book({ zone: z, orderId: order!, day: "2026-11-25", kind: "standard" });
    expect(again.id).toBe(first.id);
    expect(await dayRow(z.id, "2026-11-25")).toEqual({ booked: 1, capacity: 4 });
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("refuses a full day, names the next free day, and changes nothing", async () => {
    const z = await zone({ dropsPerDay: 2 });
    const [a, b, c] = await insertOrders(3);
    await book({ zone: z, orderId: a!, day: "2026-11-25", kind: "standard" });
    await book({ zone: z, orderId: b!, day: "2026-11-25", kind: "standard" });
    const error = await refusal(
      book({ zone: z, orderId: c!, day: "2026-11-25", kind: "standard" }),
    );
    expect(error).toBeInstanceOf(DeliveryDayFullError);
    expect(error).toMatchObject({
      kind: "conflict",
      field: "deliveryDay",
      message: "That day has just filled up: the next free day is Thursday 26 November 2026.",
      nextFreeDay: "2026-11-26",
    });
    expect(await dayRow(z.id, "2026-11-25")).toEqual({ booked: 2, capacity: 2 });
    expect(
      await db().select().from(deliveryBookings).where(eq(deliveryBookings.orderId, c!)),
    ).toEqual([]);
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("names the next free day past other full days, holidays and Sundays", async () => {
    const z = await zone({ dropsPerDay: 1 });
    const orders = await insertOrders(3);
    // Saturday 12 December full; Sunday 13; Monday 14 full; 15 free.
    await book({ zone: z, orderId: orders[0]!, day: "2026-12-12", kind: "standard" });
    await book({ zone: z, orderId: orders[1]!, day: "2026-12-14", kind: "standard" });
    const error = await refusal(
      book({ zone: z, orderId: orders[2]!, day: "2026-12-12", kind: "standard" }),
    );
    expect((error as DeliveryDayFullError).nextFreeDay).toBe("2026-12-15");
  });

  it("offers express's second day when its first fills up, and says so when both are full", async () => {
    const z = await zone({ dropsPerDay: 1 });
    const [a, b, c] = await insertOrders(3);
    await book({ zone: z, orderId: a!, day: "2026-11-25", kind: "express" });
    const first = await refusal(book({ zone: z, orderId: b!, day: "2026-11-25", kind: "express" }));
    expect(first).toMatchObject({ nextFreeDay: "2026-11-26" });
    await book({ zone: z, orderId: b!, day: "2026-11-26", kind: "express" });
    const both = await refusal(book({ zone: z, orderId: c!, day: "2026-11-26", kind: "express" }));
    expect(both).toMatchObject({
      nextFreeDay: null,
      message:
        "That day has just filled up: no express day is free, please choose standard delivery.",
    });
  });

  it("moves a booking: the old day's drop is given back in the same transaction", async () => {
    const z = await zone();
    const [order] = await insertOrders(1);
    await book({ zone: z, orderId: order!, day: "2026-11-25", kind: "standard" });
    const moved = await db().transaction((tx) =>
      moveDelivery(tx, { zone: z, orderId: order!, day: "2026-11-27", kind: "standard", now }),
    );
    expect(moved.day).toBe("2026-11-27");
    expect(await dayRow(z.id, "2026-11-25")).toEqual({ booked: 0, capacity: 4 });
    expect(await dayRow(z.id, "2026-11-27")).toEqual({ booked: 1, capacity: 4 });
    const rows = await db()
      .select()
      .from(deliveryBookings)
      .where(eq(deliveryBookings.orderId, order!));
    expect(rows).toHaveLength(1);
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("keeps the old day when the move's new day is full", async () => {
    const z = await zone({ dropsPerDay: 1 });
    const [a, b] = await insertOrders(2);
    await book({ zone: z, orderId: a!, day: "2026-11-25", kind: "standard" });
    await book({ zone: z, orderId: b!, day: "2026-11-26", kind: "standard" });
    const error = await refusal(
      db().transaction((tx) =>
        moveDelivery(tx, { zone: z, orderId: a!, day: "2026-11-26", kind: "standard", now }),
      ),
    );
    expect(error).toBeInstanceOf(DeliveryDayFullError);
    expect(await dayRow(z.id, "2026-11-25")).toMatchObject({ booked: 1 });
    expect(await dayRow(z.id, "2026-11-26")).toMatchObject({ booked: 1 });
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("refuses to move an order that has no booking", async () => {
    const [order] = await insertOrders(1);
    const z = await zone();
    const error = await refusal(
      db().transaction((tx) =>
        moveDelivery(tx, {
          zone: z,
          orderId: order!,
          day: "2026-11-25",
          kind: "standard",
          now,
        }),
      ),
    );
    expect(error).toMatchObject({ kind: "not_found" });
  });

  it("gives a cancelled order's drop back, once", async () => {
    const z = await zone();
    const [order] = await insertOrders(1);
    await book({ zone: z, orderId: order!, day: "2026-11-25", kind: "standard" });
    const released = await db().transaction((tx) => releaseDelivery(tx, { orderId: order! }));
    expect(released).toEqual({ zoneId: z.id, day: "2026-11-25" });
    expect(await db().transaction((tx) => releaseDelivery(tx, { orderId: order! }))).toBeNull();
    expect(await dayRow(z.id, "2026-11-25")).toMatchObject({ booked: 0 });
  });

  it.each([
    ["2026-11-29", "a Sunday"],
    ["2026-11-24", "today"],
    ["2026-12-16", "Day of Reconciliation"],
    ["2026-12-02", "a Wednesday, not one of the zone's weekdays"],
  ])("refuses %s (%s) as a day the rules do not offer", async (day) => {
    const z = await zone({ weekdays: [1, 2, 4, 5, 6] });
    const [order] = await insertOrders(1);
    const error = await refusal(book({ zone: z, orderId: order!, day, kind: "standard" }));
    expect(error).toMatchObject({ kind: "invalid", field: "deliveryDay" });
    expect(await dayRow(z.id, day)).toEqual({ booked: 0, capacity: null });
  });

  it("books express only on the next two business days", async () => {
    const z = await zone({ weekdays: [2, 4] });
    const [a, b] = await insertOrders(2);
    const booked = await book({ zone: z, orderId: a!, day: "2026-11-25", kind: "express" });
    expect(booked.kind).toBe("express");
    const error = await refusal(book({ zone: z, orderId: b!, day: "2026-11-27", kind: "express" }));
    expect(error).toMatchObject({ kind: "invalid" });
  });

  it("keeps the bookings made when staff lower a zone's drops, and refuses new ones", async () => {
    const z = await zone({ dropsPerDay: 4 });
    const orders = await insertOrders(5);
    for (const id of orders.slice(0, 3))
      await book({ zone: z, orderId: id, day: "2026-11-25", kind: "standard" });
    const lowered = { ...z, dropsPerDay: 2 };
    const error = await refusal(
      book({ zone: lowered, orderId: orders[3]!, day: "2026-11-25", kind: "standard" }),
    );
    expect(error).toBeInstanceOf(DeliveryDayFullError);
    expect(await dayRow(z.id, "2026-11-25")).toEqual({ booked: 3, capacity: 4 });
    expect(await availableDeliveryDays({ now, zone: lowered, kind: "standard", count: 1 })).toEqual(
      ["2026-11-26"],
    );
    // A cancellation frees a drop, but 2 of 2 are still booked: the day stays full.
    await db().transaction((tx) => releaseDelivery(tx, { orderId: orders[0]! }));
    await expect(
      book({ zone: lowered, orderId: orders[3]!, day: "2026-11-25", kind: "standard" }),
    ).rejects.toBeInstanceOf(DeliveryDayFullError);
    // Raised again to 5: the day takes bookings up to the new figure.
    const raised = { ...z, dropsPerDay: 5 };
    await book({ zone: raised, orderId: orders[3]!, day: "2026-11-25", kind: "standard" });
    expect(await dayRow(z.id, "2026-11-25")).toEqual({ booked: 3, capacity: 5 });
    expect(await countsMatchBookings(z.id)).toBe(true);
  });

  it("never lets a day's count pass its capacity, whoever writes it", async () => {
    const z = await zone({ dropsPerDay: 1 });
    const [order] = await insertOrders(1);
    await book({ zone: z, orderId: order!, day: "2026-11-25", kind: "standard" });
    await expect(
      db()
        .update(deliveryDays)
        .set({ booked: sql`${deliveryDays.booked} + 1` })
        .where(eq(deliveryDays.zoneId, z.id)),
    ).rejects.toThrow();
    expect(await dayRow(z.id, "2026-11-25")).toEqual({ booked: 1, capacity: 1 });
  });

  it("books a lay-by only once it is paid in full", async () => {
    const z = await zone();
    const [order] = await insertOrders(1);
    const [plan] = await db()
      .insert(laybyPlans)
      .values({
        orderId: order!,
        status: "active",
        depositCents: 10_000,
        months: 3,
        chargeBasisPoints: 100,
        startDay: "2026-08-24",
        endDay: "2026-11-24",
        lapseDay: "2027-02-17",
      })
      .returning();
    const input = { zone: z, orderId: order!, day: "2026-11-25", kind: "standard" as const };
    const error = await refusal(book({ ...input, laybyPlanId: plan!.id }));
    expect(error).toMatchObject({ kind: "conflict", field: "deliveryDay" });
    // Left unnamed, the plan is still found from the order.
    expect(await refusal(book(input))).toMatchObject({ kind: "conflict" });
    expect(await dayRow(z.id, "2026-11-25")).toMatchObject({ booked: 0 });
    await db().update(laybyPlans).set({ status: "completed" }).where(eq(laybyPlans.id, plan!.id));
    const booked = await book(input);
    expect(booked.laybyPlanId).toBe(plan!.id);
  });

  it("reads the counts of a zone's days for the days offered", async () => {
    const z = await zone({ dropsPerDay: 1 });
    const other = await zone({ dropsPerDay: 1 });
    const [a, b] = await insertOrders(2);
    await book({ zone: z, orderId: a!, day: "2026-11-25", kind: "standard" });
    await book({ zone: other, orderId: b!, day: "2026-11-26", kind: "standard" });
    expect([...(await bookedCounts(z.id, "2026-11-01", "2026-12-31"))]).toEqual([
      ["2026-11-25", 1],
    ]);
    expect(await availableDeliveryDays({ now, zone: z, kind: "standard", count: 3 })).toEqual([
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
    ]);
  });
});
