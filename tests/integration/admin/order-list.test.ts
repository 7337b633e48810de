import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { exportOrders, listAdminOrders } from "~/domain/orders/list-orders.server";
import { ORDER_LIST } from "~/domain/orders/order-list";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { ORDER_EXPORT_HEADER } from "~/domain/orders/list-orders.server";
import * as ordersExport from "~/routes/admin/orders-export";
import { useTestDatabase } from "../../setup/database";
import { routeOutcome, shopRequest, signedIn } from "./helpers";

useTestDatabase();

const params = (query = "") => readListParams(ORDER_LIST, new URLSearchParams(query));
const list = (query = "") => listAdminOrders(params(query));

/** 45 orders: 30 made at one and the same moment (equal sort keys), 15 later, one per minute. */
beforeAll(async () => {
  const same = new Date("2026-11-01T08:00:00Z");
  const rows = Array.from({ length: 45 }, (_, i) => {
    const total = 100_000 + (i % 5) * 10_000;
    return {
      token: `token-${i}`,
      idempotencyKey: `key-${i}`,
      status: (i % 3 === 0 ? "cancelled" : "awaiting_payment") as "cancelled" | "awaiting_payment",
      firstName:
        i === 7 ? '=HYPERLINK("http://evil.example")' : `Buyer${String(i).padStart(2, "0")}`,
      lastName: "Mokoena",
      email: `buyer${i}@example.com`,
      phone: "082 555 0101",
      address: "1 Road",
      city: "Lichtenburg",
      postalCode: "2740",
      deliveryMethod: "standard" as const,
      paymentMethod: "card" as const,
      subtotalCents: total,
      deliveryCents: 0,
      vatCents: Math.round((total * 15) / 115),
      totalCents: total,
      payBy: new Date("2026-11-30T00:00:00Z"),
      createdAt: i < 30 ? same : new Date(same.getTime() + (i - 29) * 60_000),
    };
  });
  await db().insert(orders).values(rows);
});

describe("the orders list's pages", () => {
  it("pages through every order once, newest first, with equal dates in one steady order", async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const result = await list(`page=${page}`);
      expect(result).toMatchObject({ total: 45, page, pageCount: 3 });
      seen.push(...result.rows.map((o) => o.number));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    // Asked again, the same order: the id settles ties between equal dates.
    const again = [1, 2, 3].map((page) => list(`page=${page}`));
    expect((await Promise.all(again)).flatMap((r) => r.rows.map((o) => o.number))).toEqual(seen);
  });

  it("answers the last page for a page past the end, and one empty page when nothing matches", async () => {
    const last = await list("page=99");
    expect(last).toMatchObject({ page: 3, pageCount: 3 });
    expect(last.rows).toHaveLength(5);
    const none = await list("q=nobody-like-this");
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, rows: [] });
  });

  it("sorts by total both ways, filters and searches on the server", async () => {
    const ascending = await list("sort=total&dir=asc");
    const totals = ascending.rows.map((o) => o.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const descending = await list("sort=total&dir=desc");
    expect(descending.rows[0]!.totalCents).toBe(140_000);
    const cancelled = await list("status=cancelled");
    expect(cancelled.total).toBe(15);
    expect(cancelled.rows.every((o) => o.status === "cancelled")).toBe(true);
    const buyer = await list("q=buyer4");
    expect(buyer.rows.map((o) => o.email).sort()).toEqual(
      [4, 40, 41, 42, 43, 44].map((n) => `buyer${n}@example.com`).sort(),
    );
    // % and _ are taken literally.
    expect((await list("q=%25")).total).toBe(0);
  });

  it("exports exactly what the filters show, a formula kept as text", async () => {
    const response = csvResponse({
      filename: "orders.csv",
      header: ORDER_EXPORT_HEADER,
      rows: exportOrders(params("status=awaiting_payment&sort=number&dir=asc")),
    });
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const lines = text.trimEnd().split("\n");
    expect(lines[0]).toBe("Order Number,Customer,Email,Phone,Date,Total (ZAR),Status,Payment");
    expect(lines).toHaveLength(1 + 30);
    expect(lines.slice(1).every((l) => l.includes(",Awaiting payment,"))).toBe(true);
    const numbers = lines.slice(1).map((l) => Number(l.split(",")[0]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"") Mokoena"`);
    expect(lines[1]).toMatch(/,1\d00\.00,Awaiting payment,unpaid$/);
    // The shop's clock with its offset, not UTC: 08:00 UTC is 10:00 in Johannesburg.
    expect(lines[1]).toContain(",2026-11-01 10:00 +02:00,");
  });
});

describe("the orders CSV on the shop's clock", () => {
  afterEach(() => vi.useRealTimers());

  it("is named for the day in Johannesburg and prints an order placed at 00:30 there on that day", async () => {
    const { cookie } = await signedIn("staff");
    // 22:30 UTC on 9 November is 00:30 on the 10th in Johannesburg.
    const lateNight = new Date("2026-11-09T22:30:00Z");
    await db()
      .insert(orders)
      .values({
        token: "token-late",
        idempotencyKey: "key-late",
        status: "delivered",
        firstName: "Late",
        lastName: "Sleeper",
        email: "late@example.com",
        phone: "082 555 0199",
        address: "2 Road",
        city: "Zeerust",
        postalCode: "2865",
        deliveryMethod: "standard",
        paymentMethod: "card",
        subtotalCents: 99_900,
        deliveryCents: 0,
        vatCents: 13_030,
        totalCents: 99_900,
        payBy: new Date("2026-11-30T00:00:00Z"),
        createdAt: lateNight,
      });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-09T22:45:00Z"));
    const { returned } = await routeOutcome(
      ordersExport.loader,
      shopRequest("/admin/orders/export?status=delivered", { cookie }),
      {},
    );
    const response = returned as Response;
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="orders-2026-11-10.csv"',
    );
    const lines = (await response.text()).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",2026-11-10 00:30 +02:00,");
  });
});
