import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, deliveryBookings, deliveryRunStops, orders, users } from "~/db/schema";
import type { Role } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { deliveryDayPage } from "~/domain/delivery/delivery-day-page.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { addRunStop, moveRunStop, removeRunStop } from "~/domain/delivery/run-stops.server";
import type { DomainError } from "~/domain/errors";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { useTestDatabase } from "../../setup/database";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { countsMatchBookings, zone } from "./fixtures";

useTestDatabase();

/** Tuesday 24 November 2026, 10:00 in Johannesburg. */
const now = new Date("2026-11-24T08:00:00Z");
const DAY = "2026-11-26";
const OTHER_DAY = "2026-11-27";
const staff: { id: string; email: string; role: Role } = {
  id: "runs-staff",
  email: "thandi@test-beds.example",
  role: "staff",
};
const driver = { id: "runs-driver", name: "Kagiso Driver" };

let shop: Awaited<ReturnType<typeof setUpShop>>;
let zoneId: number;
beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values([
      { id: staff.id, name: "Thandi", email: staff.email, role: "staff" },
      { id: driver.id, name: driver.name, email: "kagiso@test-beds.example", role: "staff" },
      { id: "runs-customer", name: "A Shopper", email: "shopper@example.com", role: "customer" },
    ]);
  zoneId = (await zone({ dropsPerDay: 20, leadDays: 0 })).id;
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as DomainError,
  );

/** A paid order booked for `day` by staff; its number. */
async function booked(day = DAY) {
  const { order } = await paidOrder(shop, { priceCents: 180_000 });
  await bookOrderDelivery({ orderNumber: order.number, day, mode: "book", actor: staff, now });
  return order.number;
}

const newRun = (day = DAY, truck = "ND 123-456") =>
  createDeliveryRun({ day, driverId: driver.id, truck, actor: staff, now });

/** The run's stops as order numbers in order, with their places. */
async function stopsOf(runId: number) {
  const rows = await db()
    .select({ number: orders.number, position: deliveryRunStops.position })
    .from(deliveryRunStops)
    .innerJoin(deliveryBookings, eq(deliveryBookings.id, deliveryRunStops.bookingId))
    .innerJoin(orders, eq(orders.id, deliveryBookings.orderId))
    .where(eq(deliveryRunStops.runId, runId))
    .orderBy(asc(deliveryRunStops.position));
  // Invariant: the places are 1..n, whatever happened before.
  expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i + 1));
  return rows.map((r) => r.number);
}

describe("a delivery run", () => {
  it("is created with a driver from the staff and a truck, and audited", async () => {
    const run = await newRun();
    expect(run).toMatchObject({ day: DAY, driverId: driver.id, driverName: driver.name });
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "delivery_run_created"),
          eq(auditLog.subject, `delivery_run:${run.id}`),
        ),
      );
    expect(line!.details).toMatchObject({ day: DAY, driver: driver.name, truck: "ND 123-456" });
  });

  it("refuses a driver who is not staff, no driver, a past day and anyone but staff", async () => {
    for (const driverId of ["runs-customer", "", "nobody"]) {
      const error = await refusal(
        createDeliveryRun({ day: DAY, driverId, truck: "T", actor: staff, now }),
      );
      expect(error).toMatchObject({ kind: "invalid", field: "driver" });
    }
    const past = await refusal(
      createDeliveryRun({ day: "2026-11-20", driverId: driver.id, truck: "T", actor: staff, now }),
    );
    expect(past).toMatchObject({ kind: "invalid", field: "day" });
    const customer = { ...staff, role: "customer" as const };
    expect(
      (
        await refusal(
          createDeliveryRun({ day: DAY, driverId: driver.id, truck: "T", actor: customer, now }),
        )
      ).kind,
    ).toBe("forbidden");
  });

  it("takes the day's booked deliveries in order, reorders them, takes one off: places stay 1..n", async () => {
    const run = await newRun();
    const [a, b, c] = [await booked(), await booked(), await booked()];
    for (const n of [a, b, c]) await addRunStop({ runId: run.id, orderNumber: n, actor: staff });
    expect(await stopsOf(run.id)).toEqual([a, b, c]);

    const moved = await moveRunStop({
      runId: run.id,
      orderNumber: c,
      direction: "up",
      actor: staff,
    });
    expect(moved).toMatchObject({ position: 2, of: 3 });
    expect(await stopsOf(run.id)).toEqual([a, c, b]);
    // The first stop cannot go further up: nothing changes.
    await moveRunStop({ runId: run.id, orderNumber: a, direction: "up", actor: staff });
    expect(await stopsOf(run.id)).toEqual([a, c, b]);
    await moveRunStop({ runId: run.id, orderNumber: a, direction: "down", actor: staff });
    expect(await stopsOf(run.id)).toEqual([c, a, b]);

    await removeRunStop({ runId: run.id, orderNumber: c, actor: staff });
    expect(await stopsOf(run.id)).toEqual([a, b]);
    const audit = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, `delivery_run:${run.id}`));
    expect(audit.map((r) => r.action).sort()).toEqual(
      [
        "delivery_run_created",
        ...Array(3).fill("delivery_stop_added"),
        "delivery_stop_moved",
        "delivery_stop_moved",
        "delivery_stop_removed",
      ].sort(),
    );

    // The day view shows the run's stops in order, and the one taken off as on no run.
    const page = await deliveryDayPage({ day: DAY, now });
    const shown = page.runs.find((r) => r.runId === run.id)!;
    expect(shown).toMatchObject({ truck: "ND 123-456", driverName: driver.name });
    expect(shown.stops.map((s) => s.orderNumber)).toEqual([a, b]);
    const ours = page.zones.find((z) => z.zoneId === zoneId)!;
    expect(ours.bookings.find((x) => x.orderNumber === c)).toMatchObject({ runId: null });
    expect(page.drivers.map((d) => d.name)).toContain(driver.name);
  });

  it("refuses another day's delivery at the order (invalid), an order on a run already and an unbooked one", async () => {
    const run = await newRun();
    const other = await booked(OTHER_DAY);
    expect(
      await refusal(addRunStop({ runId: run.id, orderNumber: other, actor: staff })),
    ).toMatchObject({
      kind: "invalid",
      field: "order",
      message: `Order #${other} is booked for Friday 27 November 2026: this run goes on Thursday 26 November 2026.`,
    });
    const n = await booked();
    await addRunStop({ runId: run.id, orderNumber: n, actor: staff });
    const second = await newRun(DAY, "Bakkie");
    const twice = await refusal(addRunStop({ runId: second.id, orderNumber: n, actor: staff }));
    expect(twice).toMatchObject({ kind: "conflict", field: "order" });
    const { order: unbooked } = await paidOrder(shop, { priceCents: 90_000 });
    expect(
      (await refusal(addRunStop({ runId: run.id, orderNumber: unbooked.number, actor: staff })))
        .kind,
    ).toBe("conflict");
    expect((await refusal(addRunStop({ runId: 999_999, orderNumber: n, actor: staff }))).kind).toBe(
      "not_found",
    );
    expect(
      (await refusal(removeRunStop({ runId: second.id, orderNumber: n, actor: staff }))).kind,
    ).toBe("not_found");
  });

  it("drops a stop whose delivery is moved to another day, and one whose order is cancelled", async () => {
    const run = await newRun();
    const [a, b, c] = [await booked(), await booked(), await booked()];
    for (const n of [a, b, c]) await addRunStop({ runId: run.id, orderNumber: n, actor: staff });
    await bookOrderDelivery({ orderNumber: a, day: OTHER_DAY, mode: "move", actor: staff, now });
    expect(await stopsOf(run.id)).toEqual([b, c]);
    const [cancelled] = await db().select().from(orders).where(eq(orders.number, b));
    await cancelOrder({ orderId: cancelled!.id, actor: staff });
    expect(await stopsOf(run.id)).toEqual([c]);
    expect(await countsMatchBookings(zoneId)).toBe(true);
  });

  it("keeps the places whole when two staff reorder the same run at once", async () => {
    const run = await newRun();
    const numbers = [await booked(), await booked(), await booked(), await booked()];
    for (const n of numbers) await addRunStop({ runId: run.id, orderNumber: n, actor: staff });
    const [a, b, c, d] = numbers as [number, number, number, number];
    // On PostgreSQL each runs on its own connection and waits on the run's row, so each works
    // on the one before's result; on PGlite they run one after another.
    const moves = [
      moveRunStop({ runId: run.id, orderNumber: d, direction: "up", actor: staff }),
      moveRunStop({ runId: run.id, orderNumber: d, direction: "up", actor: staff }),
      moveRunStop({ runId: run.id, orderNumber: a, direction: "down", actor: staff }),
      removeRunStop({ runId: run.id, orderNumber: b, actor: staff }),
    ];
    await Promise.all(moves);
    const after = await stopsOf(run.id);
    expect([...after].sort()).toEqual([a, c, d].sort());
  });
});
