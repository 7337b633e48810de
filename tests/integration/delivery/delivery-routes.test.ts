// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryBookings, deliveryQuotes, orders } from "~/db/schema";
import { publicHolidayName, weekdayOf } from "~/domain/delivery/public-holidays";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { addDays, shopToday } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import * as dayPage from "~/routes/admin/deliveries";
import * as toBookPage from "~/routes/admin/deliveries-to-book";
import * as orderPage from "~/routes/admin/order";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { zone } from "./fixtures";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
let shop: Awaited<ReturnType<typeof setUpShop>>;
let staffEmail = "";
let staffId = "";

beforeAll(async () => {
  shop = await setUpShop();
  await zone({ dropsPerDay: 3, leadDays: 0 });
  for (const role of ["customer", "staff", "owner"] as const) {
    const who = await signedIn(role);
    cookies[role] = who.cookie;
    if (role === "staff") [staffEmail, staffId] = [who.email, who.user.id];
  }
});

const paid = async () => (await paidOrder(shop, { priceCents: 250_000 })).order;

/** Posts a Book or Move as `cookie`; the answer's status and body. */
async function post(fields: Record<string, string>, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    dayPage.action,
    formRequest("/admin/deliveries", fields, cookie),
    {},
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body, thrown };
}

async function toBook(cookie = cookies.staff, query = "") {
  const { returned, thrown } = await routeOutcome(
    toBookPage.loader,
    shopRequest(`/admin/deliveries/to-book${query}`, { cookie }),
    {},
  );
  return { page: returned as Awaited<ReturnType<typeof toBookPage.loader>>, thrown };
}

async function dayView(day: string, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    dayPage.loader,
    shopRequest(`/admin/deliveries?day=${day}`, { cookie }),
    {},
  );
  return { page: returned as Awaited<ReturnType<typeof dayPage.loader>>, thrown };
}

/** The first day after today that `test` accepts. */
function nextDay(test: (day: string) => boolean) {
  for (let day = addDays(shopToday(), 1); ; day = addDays(day, 1)) if (test(day)) return day;
}

describe("the Deliveries pages for each role", () => {
  it("staff and the owner see the day view (today by default) and the orders to book", async () => {
    const order = await paid();
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { page } = await dayView("", cookie);
      expect(page.day).toBe(shopToday());
      expect(page.zones).toHaveLength(1);
      const list = await toBook(cookie);
      const row = list.page.rows.find((r) => r.orderNumber === order.number)!;
      expect(row.zoneName).toMatch(/^Test zone/);
      expect(list.page.choices[row.choice!]!.days.length).toBeGreaterThan(0);
    }
  });

  it("keeps a visitor out with a sign-in redirect and a customer with 403", async () => {
    for (const load of [() => dayView("", ""), () => toBook("")]) {
      const { thrown } = await load();
      expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    }
    for (const load of [() => dayView("", cookies.customer), () => toBook(cookies.customer)]) {
      expect(statusOf((await load()).thrown)).toBe(403);
    }
  });

  it("reads a malformed day as today, not an error", async () => {
    expect((await dayView("2026-02-30")).page.day).toBe(shopToday());
    expect((await dayView("<script>")).page.day).toBe(shopToday());
  });
});

describe("Book and Move through the Deliveries action", () => {
  it("staff book the first offered day and see it on that day; the owner moves it", async () => {
    const order = await paid();
    const list = await toBook();
    const row = list.page.rows.find((r) => r.orderNumber === order.number)!;
    const [first, second] = list.page.choices[row.choice!]!.days;
    const booked = await post({ intent: "book", order: String(order.number), deliveryDay: first! });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ ok: true, message: { title: "Delivery Booked" } });
    const day = await dayView(first!);
    const bookings = day.page.zones[0]!.bookings;
    expect(bookings.map((b) => b.orderNumber)).toContain(order.number);

    const moved = await post(
      { intent: "move", order: String(order.number), deliveryDay: second! },
      cookies.owner,
    );
    expect(moved.body).toMatchObject({ ok: true, message: { title: "Delivery Moved" } });
    expect((await dayView(second!)).page.zones[0]!.bookings.map((b) => b.orderNumber)).toContain(
      order.number,
    );
    // The order's page shows the day and its zone, and its timeline says who moved it.
    const { returned } = await routeOutcome(
      orderPage.loader,
      shopRequest(`/admin/orders/${order.number}`, { cookie: cookies.staff }),
      { number: String(order.number) },
    );
    const page = returned as Awaited<ReturnType<typeof orderPage.loader>>;
    expect(page.delivery.booking).toMatchObject({ day: second });
    expect(page.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["delivery_booked", "delivery_moved"]),
    );
    expect(page.events.find((e) => e.type === "delivery_booked")!.actor).toBe(staffEmail);
  });

  it("refuses each intent to a visitor (sign in) and a customer (403), booking nothing", async () => {
    const order = await paid();
    const day = nextDay((d) => weekdayOf(d) !== 0 && !publicHolidayName(d));
    for (const intent of ["book", "move"]) {
      const fields = { intent, order: String(order.number), deliveryDay: day };
      const visitor = await post(fields, "");
      expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
      expect((await post(fields, cookies.customer)).status).toBe(403);
    }
    const rows = await db()
      .select()
      .from(deliveryBookings)
      .where(eq(deliveryBookings.orderId, order.id));
    expect(rows).toEqual([]);
  });

  // Today is never offered; on a Sunday or a public holiday that is what the refusal names.
  const todaysRefusal = () => {
    const today = shopToday();
    if (weekdayOf(today) === 0) return "is a Sunday";
    if (publicHolidayName(today) !== undefined) return "a public holiday";
    return "choose one of the days listed";
  };
  it.each([
    ["a Sunday", () => nextDay((d) => weekdayOf(d) === 0), 400, "is a Sunday"],
    [
      "a public holiday",
      () => nextDay((d) => weekdayOf(d) !== 0 && publicHolidayName(d) !== undefined),
      400,
      "a public holiday",
    ],
    ["today (not offered)", () => shopToday(), 400, todaysRefusal()],
    ["a day that is no date", () => "2026-13-45", 400, "Give the day as a date"],
    ["no day at all", () => "", 400, "Choose a delivery day."],
  ])("answers %s by the day field with a 4xx", async (_, day, status, words) => {
    const order = await paid();
    const { status: got, body } = await post({
      intent: "book",
      order: String(order.number),
      deliveryDay: day(),
    });
    expect(got).toBe(status);
    if (body.ok) throw new Error("expected a refusal");
    expect(body.fieldErrors.deliveryDay).toContain(words);
  });

  it("answers an order that does not exist (404), a cancelled one (409) and an unknown intent (400)", async () => {
    const day = nextDay((d) => weekdayOf(d) !== 0 && !publicHolidayName(d));
    const missing = await post({ intent: "book", order: "999999", deliveryDay: day });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      ok: false,
      alert: { description: "Order #999999 does not exist." },
    });
    const order = await paid();
    const actor = { id: staffId, email: staffEmail };
    await cancelOrder({ orderId: order.id, actor });
    const cancelled = await post({ intent: "book", order: String(order.number), deliveryDay: day });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toMatchObject({
      ok: false,
      alert: { description: `Order #${order.number} is cancelled: there is nothing to deliver.` },
    });
    expect((await post({ intent: "delete", order: "1", deliveryDay: day })).status).toBe(400);
    expect((await post({ intent: "book", order: "abc", deliveryDay: day })).status).toBe(400);
  });

  it("books an order quoted for our own truck on the zone chosen in To book; a bad zone is answered at its field", async () => {
    const order = await paid();
    await db()
      .update(orders)
      .set({ postalCode: "8001", city: "Cape Town", province: "WC" })
      .where(eq(orders.id, order.id));
    await db().insert(deliveryQuotes).values({
      orderId: order.id,
      carrier: "own_truck",
      amountCents: 120_000,
      quotedByEmail: staffEmail,
    });
    const list = await toBook();
    const row = list.page.rows.find((r) => r.orderNumber === order.number)!;
    expect(row.zoneChoices).toHaveLength(1);
    const choice = list.page.choices[row.zoneChoices![0]!]!;
    const fields = { intent: "book", order: String(order.number), deliveryDay: choice.days[0]! };
    for (const [zone, status, words] of [
      ["", 400, "Choose the zone whose round takes this order."],
      ["north", 400, "Choose the zone whose round takes this order."],
      ["999999", 400, "That zone is not an active delivery zone"],
    ] as const) {
      const refused = await post({ ...fields, zone });
      expect(refused.status, zone).toBe(status);
      if (refused.body.ok) throw new Error("expected a refusal");
      expect(refused.body.fieldErrors.zone, zone).toContain(words);
    }
    const booked = await post({ ...fields, zone: String(choice.zoneId) });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ ok: true, message: { title: "Delivery Booked" } });
    const [booking] = await db()
      .select()
      .from(deliveryBookings)
      .where(eq(deliveryBookings.orderId, order.id));
    expect(booking).toMatchObject({ zoneId: choice.zoneId, day: choice.days[0] });
  });
});
