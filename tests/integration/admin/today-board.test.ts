import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  consultationRequests,
  contactMessages,
  refunds,
  stockLevels,
  users,
  warehouses,
} from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { TODAY_ITEMS, todayBoard, type TodayItem } from "~/domain/reports/today-board.server";
import * as dashboard from "~/routes/admin/dashboard";
import * as deliveries from "~/routes/admin/deliveries";
import * as quotes from "~/routes/admin/deliveries-quotes";
import * as toBook from "~/routes/admin/deliveries-to-book";
import * as enquiryList from "~/routes/admin/enquiry-list";
import * as inventory from "~/routes/admin/inventory";
import * as orderList from "~/routes/admin/orders";
import * as reviewList from "~/routes/admin/reviews";
import { useTestDatabase } from "../../setup/database";
import { ownOutbox } from "../account/helpers";
import { zone } from "../delivery/fixtures";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { insertReview } from "../reviews/review-fixtures";
import { routeOutcome, shopRequest, signedIn } from "./helpers";

useTestDatabase();

/** Booked on Monday 23 November 2026 for Thursday the 26th, the board's day. */
const monday = new Date("2026-11-23T08:00:00Z");
const DAY = "2026-11-26";
const onTheDay = new Date("2026-11-26T07:30:00Z");
const driver: SessionUser = {
  id: "today-board-driver",
  email: "driver@test-beds.example",
  name: "Thabo Driver",
  role: "staff",
};

/** What each count should be, from what the fixtures below set up. */
const EXPECTED: Record<TodayItem, number> = {
  // Two paid orders never booked, and the visit the driver missed, back in To book.
  toBook: 3,
  quotes: 1,
  // On the day: one delivered, one still to go (the missed one's booking was given back).
  deliveries: 2,
  missed: 1,
  // Two refunds not yet paid back on one order; a completed one on another does not count.
  owedBack: 1,
  reviews: 2,
  consultations: 1,
  messages: 2,
  // Available 1 and 2 at the threshold of 2; 3 is in stock, 0 out, and a closed warehouse's
  // level is on no list.
  lowStock: 2,
};

let outbox: Awaited<ReturnType<typeof ownOutbox>>;
let cookie = "";
let owedOrderNumber = 0;

const book = (orderNumber: number, day: string) =>
  bookOrderDelivery({ orderNumber, day, mode: "book", actor: driver, now: monday });

beforeAll(async () => {
  outbox = await ownOutbox("today-board-");
  const shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: driver.id, name: driver.name, email: driver.email, role: "staff" });
  await zone({ dropsPerDay: 20 });

  // Orders to book, and one that is not: booked for the next day.
  const first = await paidOrder(shop, { priceCents: 150_000 });
  const second = await paidOrder(shop, { priceCents: 160_000 });
  const later = await paidOrder(shop, { priceCents: 170_000 });
  await book(later.order.number, "2026-11-27");

  // The day's run: one delivered, one to go, one the driver could not make.
  const run = await createDeliveryRun({
    day: DAY,
    driverId: driver.id,
    truck: "Bakkie 1",
    actor: driver,
    now: monday,
  });
  const onRun: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { order } = await paidOrder(shop, { priceCents: 180_000 + i });
    await book(order.number, DAY);
    await addRunStop({ runId: run.id, orderNumber: order.number, actor: driver });
    onRun.push(order.number);
  }
  await recordDelivered({
    orderNumber: onRun[0]!,
    proofKey: crypto.randomUUID(),
    recipientName: "Lerato",
    signature: "",
    signedOnPaper: true,
    actor: driver,
    now: onTheDay,
  });
  await recordNotDelivered({
    orderNumber: onRun[2]!,
    proofKey: crypto.randomUUID(),
    reason: "nobody_home",
    note: "",
    actor: driver,
    now: onTheDay,
  });

  // A quote to give (outside every zone), and an unpaid order counted nowhere.
  const bed = await addVariant(shop, { priceCents: 300_000, stock: 10 });
  await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: 1 }], {
      city: "Cape Town",
      postal: "8001",
      province: "WC",
    }),
  );
  await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));

  // Money owed back: refunds being asked and awaiting a provider on one order; paid on another.
  owedOrderNumber = first.order.number;
  const refund = (orderId: number, status: "pending" | "awaiting_provider" | "completed") => ({
    kind: "payment" as const,
    orderId,
    method: "provider" as const,
    provider: "demo",
    amountCents: 10_000,
    reason: "Paid twice",
    status,
    createdBy: "system",
  });
  await db()
    .insert(refunds)
    .values([
      refund(first.order.id, "pending"),
      refund(first.order.id, "awaiting_provider"),
      refund(second.order.id, "completed"),
    ]);

  // Reviews: two wait for staff, one is published.
  await insertReview(bed.productId, { status: "pending" });
  await insertReview(bed.productId, { status: "pending", rating: 2 });
  await insertReview(bed.productId, { status: "published", publishedAt: new Date() });

  // Enquiries: new and already answered.
  const consultation = { name: "Naledi", email: "naledi@example.com", phone: "0820000001" };
  await db()
    .insert(consultationRequests)
    .values([consultation, { ...consultation, status: "contacted" as const }]);
  const message = {
    firstName: "Pule",
    lastName: "Moroka",
    email: "pule@example.com",
    subject: "Delivery",
    message: "When do you deliver to Zeerust?",
  };
  await db()
    .insert(contactMessages)
    .values([message, message, { ...message, status: "closed" as const }]);

  // Stock: available 1 and 2 are low (threshold 2), 3 is in stock, 0 is out.
  for (const stock of [1, 2, 3, 0]) await addVariant(shop, { priceCents: 99_900, stock });
  const [closed] = await db()
    .insert(warehouses)
    .values({ code: "OLD", name: "Old store", active: false })
    .returning();
  await db()
    .insert(stockLevels)
    .values({ variantId: bed.variantId, warehouseId: closed!.id, onHand: 1 });

  cookie = (await signedIn("staff")).cookie;
});

afterAll(async () => {
  await outbox.close();
});

/** A list's loader, as staff open the link. */
async function openLink(
  loader: unknown,
  to: string,
  params: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const { returned, thrown } = await routeOutcome(loader, shopRequest(to, { cookie }), params);
  if (thrown) throw new Error(`${to} refused: ${String(thrown)}`);
  return returned as Record<string, unknown>;
}

type Rows = { rows: { length: number }; total: number };

/** The rows the list behind a link shows, by the item it counts. */
async function rowsBehind(item: TodayItem, to: string): Promise<number> {
  const url = new URL(to, "http://shop.test");
  switch (item) {
    case "toBook":
      return listRows(await openLink(toBook.loader, to));
    case "quotes":
      return listRows(await openLink(quotes.loader, to));
    case "owedBack":
      return listRows(await openLink(orderList.loader, to));
    case "reviews":
      return listRows(await openLink(reviewList.loader, to));
    case "lowStock":
      return listRows(await openLink(inventory.loader, to));
    case "consultations":
    case "messages":
      return listRows(
        await openLink(enquiryList.loader, to, { tab: url.pathname.split("/").at(-1)! }),
      );
    case "deliveries": {
      const page = (await openLink(deliveries.loader, to)) as {
        zones: { bookings: unknown[] }[];
      };
      return page.zones.reduce((n, z) => n + z.bookings.length, 0);
    }
    case "missed": {
      const page = (await openLink(deliveries.loader, to)) as { failed: unknown[] };
      return page.failed.length;
    }
  }
}

/** A paged list's rows, checked against its own total (all on one page here). */
function listRows(page: Record<string, unknown>): number {
  const { rows, total } = page as Rows;
  expect(rows.length).toBe(total);
  return rows.length;
}

describe("the dashboard's Today board", () => {
  it("counts each kind of waiting work, and each link opens its list showing exactly that many rows", async () => {
    const board = await todayBoard(onTheDay);
    expect(board.day).toBe(DAY);
    expect(board.counts.map((c) => c.item)).toEqual([...TODAY_ITEMS]);
    const counts = Object.fromEntries(board.counts.map((c) => [c.item, c.count]));
    expect(counts).toEqual(EXPECTED);
    for (const { item, count, to } of board.counts) {
      expect(await rowsBehind(item, to), `${item}: ${to}`).toBe(count);
    }
  });

  it("links each count with the filter that shows it", async () => {
    const links = Object.fromEntries(
      (await todayBoard(onTheDay)).counts.map((c) => [c.item, c.to]),
    );
    expect(links).toEqual({
      toBook: "/admin/deliveries/to-book",
      quotes: "/admin/deliveries/quotes",
      deliveries: `/admin/deliveries?day=${DAY}`,
      missed: `/admin/deliveries?day=${DAY}#not-delivered-heading`,
      owedBack: "/admin/orders?refund=owed",
      reviews: "/admin/reviews?status=pending",
      consultations: "/admin/enquiries/consultations?status=new",
      messages: "/admin/enquiries/messages?status=new",
      lowStock: "/admin/inventory?status=low_stock",
    });
  });

  it("lists under Money owed back the order with refunds not yet paid back, once", async () => {
    const page = (await openLink(orderList.loader, "/admin/orders?refund=owed")) as {
      rows: { number: number }[];
      owedBack: { orderNumber: number }[];
    };
    expect(page.rows.map((r) => r.number)).toEqual([owedOrderNumber]);
    // The orders page's own "Money owed back" names the same order.
    expect(page.owedBack.map((o) => o.orderNumber)).toEqual([owedOrderNumber]);
    // Without the filter, every order is listed.
    const all = (await openLink(orderList.loader, "/admin/orders")) as Rows;
    expect(all.total).toBeGreaterThan(1);
  });

  it("opens the dashboard with the board on the shop's day, for staff", async () => {
    const page = (await openLink(dashboard.loader, "/admin")) as {
      today: { day: string; counts: { item: string; count: number }[] };
      recentOrders: unknown[];
    };
    expect(page.today.counts.map((c) => c.item)).toEqual([...TODAY_ITEMS]);
    expect(page.today.counts.find((c) => c.item === "reviews")!.count).toBe(2);
    expect(page.recentOrders.length).toBeGreaterThan(0);
  });
});
