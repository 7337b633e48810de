import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  deliveryBookings,
  deliveryQuotes,
  deliveryZones,
  orderEvents,
  orders,
  users,
} from "~/db/schema";
import crypto from "node:crypto";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import {
  moveOrderDeliveryByShopper,
  shopperDeliveryView,
} from "~/domain/delivery/shopper-delivery.server";
import { choiceKey } from "~/domain/delivery/delivery-choices.server";
import { countOrdersToBook } from "~/domain/delivery/delivery-day-page.server";
import { deliveryDayView } from "~/domain/delivery/delivery-day-view.server";
import { orderDelivery } from "~/domain/delivery/order-delivery.server";
import { listOrdersToBook } from "~/domain/delivery/orders-to-book.server";
import { TO_BOOK_LIST } from "~/domain/delivery/to-book-list";
import type { Role } from "~/domain/auth/roles";
import type { DomainError } from "~/domain/errors";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { countsMatchBookings, dayRow, zone } from "./fixtures";

useTestDatabase();

/** Tuesday 24 November 2026, 10:00 in Johannesburg. */
const now = new Date("2026-11-24T08:00:00Z");
const staff: { id: string; email: string; role: Role } = {
  id: "staff-1",
  email: "sipho@test-beds.example",
  role: "staff",
};
const params = readListParams(TO_BOOK_LIST, new URLSearchParams());

let shop: Awaited<ReturnType<typeof setUpShop>>;
let zoneId: number;
beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: staff.id, name: "Sipho", email: staff.email, role: "staff" });
  // The town's zone: Monday to Saturday, two drops a day, one lead day.
  zoneId = (await zone({ dropsPerDay: 2, leadDays: 1 })).id;
});

const book = (orderNumber: number, day: string, mode: "book" | "move" = "book", actor = staff) =>
  bookOrderDelivery({ orderNumber, day, mode, actor, now });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as DomainError,
  );
const paid = async () => (await paidOrder(shop, { priceCents: 250_000, quantity: 2 })).order;
const bookingOf = async (orderId: number) =>
  (await db().select().from(deliveryBookings).where(eq(deliveryBookings.orderId, orderId)))[0];

describe("staff booking a paid order's delivery day", () => {
  it("books the zone's first free day, on the timeline and in the audit log", async () => {
    const order = await paid();
    const choice = (await orderDelivery(order.id, now)).choice!;
    // One lead day from Tuesday: Wednesday 25 November is the first day offered.
    expect(choice.days.slice(0, 3)).toEqual(["2026-11-25", "2026-11-26", "2026-11-27"]);
    const booked = await book(order.number, "2026-11-25");
    expect(booked.message).toMatch(/^Delivery booked for Wednesday 25 November 2026 \(Test zone/);
    expect(await bookingOf(order.id)).toMatchObject({ zoneId, day: "2026-11-25" });
    expect(await dayRow(zoneId, "2026-11-25")).toMatchObject({ booked: 1 });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({ type: "delivery_booked", actor: staff.email });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "delivery_booked"), eq(auditLog.subject, `order:${order.number}`)),
      );
    expect(audit[0]!.details).toMatchObject({ day: "2026-11-25", kind: "standard" });

    // The day view shows it under its zone, with its two items; the To book list no longer does.
    const view = await deliveryDayView({ day: "2026-11-25" });
    const ours = view.find((z) => z.zoneId === zoneId)!;
    expect(ours.dropsPerDay).toBe(2);
    expect(ours.bookings).toEqual([
      expect.objectContaining({ orderNumber: order.number, items: 2, paymentStatus: "paid" }),
    ]);
    const list = await listOrdersToBook({ params, now });
    expect(list.rows.map((r) => r.orderNumber)).not.toContain(order.number);
  });

  it("moves it to another day: the old day's drop is given back", async () => {
    const order = await paid();
    await book(order.number, "2026-11-26");
    const moved = await book(order.number, "2026-11-27", "move");
    expect(moved.message).toMatch(
      /^Delivery moved from Thursday 26 November 2026 to Friday 27 November 2026/,
    );
    expect(await dayRow(zoneId, "2026-11-26")).toMatchObject({ booked: 0 });
    expect(await dayRow(zoneId, "2026-11-27")).toMatchObject({ booked: 1 });
    expect((await orderDelivery(order.id, now)).booking).toMatchObject({ day: "2026-11-27" });
    expect(await countsMatchBookings(zoneId)).toBe(true);
  });

  it("answers a full day with the engine's message at the day (409), and keeps the booking", async () => {
    const [a, b, c] = [await paid(), await paid(), await paid()];
    await book(a.number, "2026-11-28");
    await book(b.number, "2026-11-28");
    const full = await refusal(book(c.number, "2026-11-28"));
    expect(full).toMatchObject({
      kind: "conflict",
      field: "deliveryDay",
      message: "That day has just filled up: the next free day is Monday 30 November 2026.",
    });
    expect(await bookingOf(c.id)).toBeUndefined();
    await book(c.number, "2026-11-30");
    const moveToFull = await refusal(book(c.number, "2026-11-28", "move"));
    expect(moveToFull.kind).toBe("conflict");
    expect(await bookingOf(c.id)).toMatchObject({ day: "2026-11-30" });
    expect(await countsMatchBookings(zoneId)).toBe(true);
  });

  it.each([
    ["a Sunday", "2026-11-29", "invalid", "is a Sunday: the truck does not go out on Sundays."],
    [
      "a public holiday",
      "2026-12-16",
      "invalid",
      "Wednesday 16 December 2026 is Day of Reconciliation, a public holiday",
    ],
    ["today", "2026-11-24", "invalid", "is not a day Test zone"],
  ])("refuses %s by the day field, booking nothing", async (_, day, kind, words) => {
    const order = await paid();
    const error = await refusal(book(order.number, day));
    expect(error.kind).toBe(kind);
    expect(error.field).toBe("deliveryDay");
    expect(error.message).toContain(words);
    expect(await bookingOf(order.id)).toBeUndefined();
  });

  it("refuses an order that does not exist, a cancelled one and an unpaid one", async () => {
    expect(await refusal(book(999_999, "2026-11-25"))).toMatchObject({
      kind: "not_found",
      message: "Order #999999 does not exist.",
    });
    const cancelled = await paid();
    await cancelOrder({ orderId: cancelled.id, actor: staff });
    expect(await refusal(book(cancelled.number, "2026-11-25"))).toMatchObject({
      kind: "conflict",
      message: `Order #${cancelled.number} is cancelled: there is nothing to deliver.`,
    });
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 2 });
    const { order: unpaid } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }]),
    );
    expect((await refusal(book(unpaid.number, "2026-11-25"))).message).toContain(
      "is not paid in full yet",
    );
  });

  it("refuses Book on a booked order and Move on one not booked, and anyone but staff", async () => {
    const order = await paid();
    expect((await refusal(book(order.number, "2026-11-25", "move"))).kind).toBe("not_found");
    await book(order.number, "2026-12-01");
    const again = await refusal(book(order.number, "2026-12-02"));
    expect(again.message).toContain("is already booked for Tuesday 1 December 2026: use Move");
    const customer = { ...staff, role: "customer" as const };
    expect((await refusal(book(order.number, "2026-12-02", "move", customer))).kind).toBe(
      "forbidden",
    );
    expect(await bookingOf(order.id)).toMatchObject({ day: "2026-12-01" });
  });
});

describe("the orders to book", () => {
  it("lists paid orders with no day, oldest first, with their zone or none", async () => {
    const first = await paid();
    const second = await paid();
    // An order whose address no zone covers (placed before the zone changed): quoted.
    await db()
      .update(orders)
      .set({ postalCode: "8001", city: "Cape Town", province: "WC" })
      .where(eq(orders.id, second.id));
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 2 });
    const { order: unpaid } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }]),
    );
    const list = await listOrdersToBook({ params, now });
    const numbers = list.rows.map((r) => r.orderNumber);
    expect(numbers).not.toContain(unpaid.number);
    expect(numbers.indexOf(first.number)).toBeLessThan(numbers.indexOf(second.number));
    const one = list.rows.find((r) => r.orderNumber === first.number)!;
    expect(one).toMatchObject({ zoneId, items: 2, paymentStatus: "paid" });
    expect(list.choices[one.choice!]!.days[0]).toBe("2026-11-25");
    expect(list.rows.find((r) => r.orderNumber === second.number)).toMatchObject({
      zoneId: null,
      zoneName: null,
      choice: null,
    });
    const quoted = await refusal(book(second.number, "2026-11-25"));
    expect(quoted.message).toContain("outside every delivery zone");
  });

  it("matches an address by its province, as checkout does (Mahikeng: the rest of North West)", async () => {
    const [province] = await db()
      .insert(deliveryZones)
      .values({
        name: "Rest of North West",
        provinces: ["North West"],
        standardFeeCents: 45_000,
        weekdays: [2, 4],
        leadDays: 0,
        dropsPerDay: 6,
        sortOrder: 20,
      })
      .returning();
    const order = await paid();
    await db()
      .update(orders)
      .set({ postalCode: "2745", city: "Mahikeng", suburb: "Golf View", province: "NW" })
      .where(eq(orders.id, order.id));
    const row = (await listOrdersToBook({ params, now })).rows.find(
      (r) => r.orderNumber === order.number,
    );
    expect(row).toMatchObject({ zoneId: province!.id, suburb: "Golf View" });
    // Tuesdays and Thursdays only: Thursday 26 November is its first day.
    const booked = await book(order.number, "2026-11-26");
    expect(booked.zoneName).toBe("Rest of North West");
    expect((await refusal(book(order.number, "2026-11-27", "move"))).message).toContain(
      "is not a day Rest of North West offers",
    );
  });
});

describe("an order quoted for our own truck, outside every zone", () => {
  /** A paid order to Cape Town (no zone) with the delivery staff quoted. */
  async function quotedPaid(carrier: "own_truck" | "courier") {
    const order = await paid();
    await db()
      .update(orders)
      .set({ postalCode: "8001", city: "Cape Town", suburb: "Gardens", province: "WC" })
      .where(eq(orders.id, order.id));
    await db().insert(deliveryQuotes).values({
      orderId: order.id,
      carrier,
      amountCents: 120_000,
      quotedById: staff.id,
      quotedByEmail: staff.email,
    });
    return order;
  }
  const bookIn = (orderNumber: number, day: string, zone?: number) =>
    bookOrderDelivery({ orderNumber, day, mode: "book", zoneId: zone, actor: staff, now });

  it("is offered every active zone's days in To book, and booked on the chosen zone's round", async () => {
    const order = await quotedPaid("own_truck");
    const list = await listOrdersToBook({ params, now });
    const row = list.rows.find((r) => r.orderNumber === order.number)!;
    expect(row).toMatchObject({ zoneId: null, choice: null });
    const key = choiceKey(zoneId, "standard");
    expect(row.zoneChoices).toContain(key);
    expect(list.choices[key]).toMatchObject({ zoneId, kind: "standard" });
    const zoneName = list.choices[key]!.zoneName;
    // The zone's own rules: one lead day, Monday to Saturday, two drops a day.
    const day = list.choices[key]!.days[0]!;
    expect(day).toBe("2026-11-25");
    const before = await dayRow(zoneId, day);

    const booked = await bookIn(order.number, day, zoneId);
    expect(booked).toMatchObject({ zoneName, kind: "standard" });
    expect(booked.message).toBe(
      `Delivery booked for Wednesday 25 November 2026 (${zoneName}): quoted for our own truck, outside every zone.`,
    );
    expect(await bookingOf(order.id)).toMatchObject({ zoneId, day, kind: "standard" });
    expect(await dayRow(zoneId, day)).toMatchObject({ booked: before.booked + 1 });
    expect(await countsMatchBookings(zoneId)).toBe(true);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.at(-1)).toMatchObject({ type: "delivery_booked", actor: staff.email });
    expect(events.at(-1)!.message).toContain(zoneName);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "delivery_booked"), eq(auditLog.subject, `order:${order.number}`)),
      );
    expect(audit!.details).toMatchObject({ zone: zoneName, day, quoted: "own_truck" });
    const after = await listOrdersToBook({ params, now });
    expect(after.rows.map((r) => r.orderNumber)).not.toContain(order.number);

    // Moved, it keeps the zone it was booked in (no zone is sent with a move).
    const moved = await book(order.number, "2026-12-01", "move");
    expect(moved.zoneName).toBe(zoneName);
    expect(await bookingOf(order.id)).toMatchObject({ zoneId, day: "2026-12-01" });
    expect(await dayRow(zoneId, day)).toMatchObject({ booked: before.booked });
    expect(await countsMatchBookings(zoneId)).toBe(true);
  });

  it("missed by the driver, its shopper chooses a new day on the round it was booked on", async () => {
    const order = await quotedPaid("own_truck");
    await bookIn(order.number, "2026-11-25", zoneId);
    const onTheDay = new Date("2026-11-25T07:30:00Z");
    await recordNotDelivered({
      orderNumber: order.number,
      proofKey: crypto.randomUUID(),
      reason: "nobody_home",
      note: "",
      actor: { ...staff, name: "Sipho" },
      now: onTheDay,
    });
    expect(await bookingOf(order.id)).toBeUndefined();
    const view = await shopperDeliveryView({ id: order.id, status: "to_deliver" }, onTheDay);
    expect(view).toMatchObject({ missed: true, mayMove: true });
    const day = view!.choices[0]!.day;
    expect(day > "2026-11-25").toBe(true);
    await moveOrderDeliveryByShopper({ orderId: order.id, day, now: onTheDay });
    expect(await bookingOf(order.id)).toMatchObject({ zoneId, day });
    expect(await countsMatchBookings(zoneId)).toBe(true);
  });

  it("keeps the zone's rules: a Sunday, a day before its lead days and a full day are refused", async () => {
    const order = await quotedPaid("own_truck");
    expect(await refusal(bookIn(order.number, "2026-11-29", zoneId))).toMatchObject({
      kind: "invalid",
      field: "deliveryDay",
    });
    expect((await refusal(bookIn(order.number, "2026-11-24", zoneId))).message).toContain(
      "is not a day",
    );
    const [a, b] = [await paid(), await paid()];
    await book(a.number, "2026-12-03");
    await book(b.number, "2026-12-03");
    expect(await refusal(bookIn(order.number, "2026-12-03", zoneId))).toMatchObject({
      kind: "conflict",
      field: "deliveryDay",
    });
    expect(await bookingOf(order.id)).toBeUndefined();
    expect(await countsMatchBookings(zoneId)).toBe(true);
  });

  it("refuses no zone, an inactive zone and one that does not exist at the zone field", async () => {
    const order = await quotedPaid("own_truck");
    const [closed] = await db()
      .insert(deliveryZones)
      .values({
        name: "Closed zone",
        postalCodes: ["9999"],
        standardFeeCents: 29_900,
        weekdays: [1, 2, 3, 4, 5, 6],
        leadDays: 0,
        dropsPerDay: 4,
        active: false,
      })
      .returning();
    expect(await refusal(bookIn(order.number, "2026-11-25"))).toMatchObject({
      kind: "invalid",
      field: "zone",
      message: "Choose the zone whose round takes this order.",
    });
    for (const wrong of [closed!.id, 999_999]) {
      expect(await refusal(bookIn(order.number, "2026-11-25", wrong))).toMatchObject({
        kind: "invalid",
        field: "zone",
        message: "That zone is not an active delivery zone: choose one listed.",
      });
    }
    expect(await bookingOf(order.id)).toBeUndefined();
    expect(await dayRow(closed!.id, "2026-11-25")).toMatchObject({ booked: 0 });
  });

  it("refuses a courier's quote, which is not listed to book", async () => {
    const order = await quotedPaid("courier");
    const error = await refusal(bookIn(order.number, "2026-11-25", zoneId));
    expect(error).toMatchObject({
      kind: "conflict",
      message: `Order #${order.number}'s delivery is quoted for a courier: the courier delivers it, so there is nothing to book on the truck.`,
    });
    expect(await bookingOf(order.id)).toBeUndefined();
    const list = await listOrdersToBook({ params, now });
    expect(list.rows.map((r) => r.orderNumber)).not.toContain(order.number);
    expect(await countOrdersToBook()).toBe(list.total);
  });

  it("ignores a zone sent for an order its address's zone takes", async () => {
    const [other] = await db()
      .insert(deliveryZones)
      .values({
        name: "Another zone",
        postalCodes: ["1234"],
        standardFeeCents: 29_900,
        weekdays: [1, 2, 3, 4, 5, 6],
        leadDays: 0,
        dropsPerDay: 4,
      })
      .returning();
    const order = await paid();
    await bookIn(order.number, "2026-11-26", other!.id);
    expect(await bookingOf(order.id)).toMatchObject({ zoneId, day: "2026-11-26" });
  });
});
