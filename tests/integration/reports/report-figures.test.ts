import fc from "fast-check";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { getReport } from "~/domain/reports/get-report.server";
import { quickReportRows } from "~/domain/reports/report-exports.server";
import {
  bucketLabel,
  PERIOD_KEYS,
  resolvePeriod,
  type PeriodKey,
  type ReportPeriod,
} from "~/domain/reports/report-period";
import { vatIncludedCents } from "~/domain/orders/totals";
import { TIME_ZONES } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import {
  clearOrders,
  insertOrders,
  setUpCatalogue,
  type CatalogueItem,
  type OrderSpec,
  type SavedOrder,
} from "./report-fixtures";

useTestDatabase();

let items: CatalogueItem[] = [];
beforeAll(async () => {
  ({ items } = await setUpCatalogue(5));
});

/** The brute force: which calendar day an instant falls on in a zone, by the JS clock. */
const localDay = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(d);

/** Whether `t` is in the period, judged by the local calendar day (and `end` for a to-date period). */
function inPeriod(t: Date, p: ReportPeriod, previous = false): boolean {
  const [start, end] = previous ? [p.previousStart, p.previousEnd] : [p.start, p.end];
  if (!previous) {
    const day = localDay(t, p.timeZone);
    const byDay = day >= p.firstDay && day <= p.lastDay;
    // The day rule and the instant window must agree: this is what catches a UTC midnight.
    expect(byDay && t < p.end, `${t.toISOString()} in ${p.key}`).toBe(t >= start && t < end);
  }
  return t >= start && t < end;
}

/**
 * Each line's share of a paid order's net (after the discount spread over the goods), in exact
 * fractions: what the ledger's lines hold, to within the cents its rounding moves.
 */
function exactLines(o: SavedOrder) {
  const goods = o.lines.map((l) => ({ c: items[l.item]!, quantity: l.quantity }));
  const goodsTotal = goods.reduce((n, l) => n + l.c.priceCents * l.quantity, 0);
  const discount = o.totalCents - o.deliveryCents - goodsTotal;
  return [
    ...goods.map((l) => {
      const gross = l.c.priceCents * l.quantity;
      return { c: l.c, quantity: l.quantity, net: gross + (discount * gross) / goodsTotal };
    }),
    ...(o.deliveryCents > 0 ? [{ c: null, quantity: 0, net: o.deliveryCents }] : []),
  ];
}

function bruteForce(saved: SavedOrder[], p: ReportPeriod) {
  const paid = saved.filter((o) => o.paidAt && inPeriod(o.paidAt, p));
  const before = saved.filter((o) => o.paidAt && inPeriod(o.paidAt, p, true));
  const sum = (os: SavedOrder[], f: (o: SavedOrder) => number) => os.reduce((n, o) => n + f(o), 0);
  const creditsIn = (previous: boolean) =>
    saved.flatMap((o) =>
      o.refunds.filter((r) => r.completed && inPeriod(r.at, p, previous)).map((r) => ({ o, r })),
    );
  const credits = creditsIn(false);
  const credited = credits.reduce((n, { r }) => n + r.amountCents, 0);
  const previousCredited = creditsIn(true).reduce((n, { r }) => n + r.amountCents, 0);
  const isReturning = (o: SavedOrder) =>
    saved.some(
      (e) =>
        e.paidAt &&
        e.email === o.email &&
        (e.paidAt < o.paidAt! || (e.paidAt.getTime() === o.paidAt!.getTime() && e.id < o.id)),
    );
  // Products: each invoice's lines after the discount, less each credit note spread over its
  // invoice's lines by their net; margin over the lines whose size has a cost price.
  const perProduct = new Map<string, { revenue: number; units: number }>();
  let costedExVat = 0;
  let cost = 0;
  let touched = 0;
  const add = (title: string, revenue: number, units: number) => {
    const e = perProduct.get(title) ?? { revenue: 0, units: 0 };
    e.revenue += revenue;
    e.units += units;
    perProduct.set(title, e);
  };
  for (const o of paid) {
    for (const l of exactLines(o)) {
      touched += 1;
      if (!l.c) continue;
      add(l.c.title, l.net, l.quantity);
      if (l.c.costCents !== null) {
        costedExVat += (l.net * 100) / 115;
        cost += l.quantity * l.c.costCents;
      }
    }
  }
  for (const { o, r } of credits) {
    for (const l of exactLines(o)) {
      touched += 1;
      if (!l.c) continue;
      const share = (r.amountCents * l.net) / o.totalCents;
      add(l.c.title, -share, 0);
      if (l.c.costCents !== null) costedExVat -= (share * 100) / 115;
    }
  }
  const byBucket = new Map<string, number>();
  const dailyRevenue = new Map<string, number>();
  const book = (t: Date, cents: number) => {
    const day = localDay(t, p.timeZone);
    const key = p.bucket === "day" ? day : `${day.slice(0, 8)}01`;
    byBucket.set(key, (byBucket.get(key) ?? 0) + cents);
    dailyRevenue.set(day, (dailyRevenue.get(day) ?? 0) + cents);
  };
  for (const o of paid) book(o.paidAt!, o.totalCents);
  for (const { r } of credits) book(r.at, -r.amountCents);
  const invoiced = sum(paid, (o) => o.totalCents);
  return {
    orders: paid.length,
    invoiced,
    revenue: invoiced - credited,
    vat:
      sum(paid, (o) => o.vatCents) -
      credits.reduce((n, { r }) => n + vatIncludedCents(r.amountCents), 0),
    previousOrders: before.length,
    previousRevenue: sum(before, (o) => o.totalCents) - previousCredited,
    refunded: credited,
    refunds: credits.length,
    previousRefunded: previousCredited,
    newOrders: paid.filter((o) => !isReturning(o)).length,
    returningOrders: paid.filter(isReturning).length,
    buyers: new Set(paid.map((o) => o.email)).size,
    units: paid.reduce((n, o) => n + o.lines.reduce((m, l) => m + l.quantity, 0), 0),
    margin: costedExVat - cost,
    /** How many cents the ledger's rounding may move a product's or the margin's figure. */
    tolerance: touched + 1,
    perProduct,
    byDay: byBucket,
    dailyRevenue,
  };
}

async function checkReport(saved: SavedOrder[], p: ReportPeriod) {
  const expected = bruteForce(saved, p);
  const r = await getReport(p);
  expect(r.sales.orders.value).toBe(expected.orders);
  expect(r.sales.revenueCents.value).toBe(expected.revenue);
  expect(r.sales.revenueExVatCents.value).toBe(expected.revenue - expected.vat);
  expect(r.sales.orders.previous).toBe(expected.previousOrders);
  expect(r.sales.revenueCents.previous).toBe(expected.previousRevenue);
  expect(r.sales.averageOrderCents.value).toBe(
    expected.orders === 0 ? 0 : Math.round(expected.invoiced / expected.orders),
  );
  expect(r.sales.refundedCents.value).toBe(expected.refunded);
  expect(r.sales.refunds).toBe(expected.refunds);
  expect(r.sales.refundedCents.previous).toBe(expected.previousRefunded);
  expect(r.customers.newOrders).toBe(expected.newOrders);
  expect(r.customers.returningOrders).toBe(expected.returningOrders);
  expect(r.customers.buyers).toBe(expected.buyers);
  expect(r.products.unitsSold).toBe(expected.units);
  expect(Math.abs(r.products.marginCents - expected.margin)).toBeLessThanOrEqual(
    expected.tolerance,
  );
  for (const top of r.products.byRevenue) {
    const want = expected.perProduct.get(top.title)?.revenue ?? 0;
    expect(Math.abs(top.revenueCents - want)).toBeLessThanOrEqual(expected.tolerance);
  }
  for (const point of r.revenueSeries) {
    expect(point.revenueCents, `${point.bucket} (${bucketLabel(point.bucket, p.bucket)})`).toBe(
      expected.byDay.get(point.bucket) ?? 0,
    );
  }
  expect(r.revenueSeries.reduce((n, x) => n + x.revenueCents, 0)).toBe(expected.revenue);
  // The Sales by Day export says the same, day by day.
  const csvDays = new Map<string, number>();
  for await (const row of quickReportRows("sales-by-day", p)) {
    csvDays.set(String(row[0]), Math.round(Number(row[2]) * 100));
  }
  for (const [day, revenue] of csvDays) expect(revenue).toBe(expected.dailyRevenue.get(day) ?? 0);
  expect([...expected.dailyRevenue.keys()].every((d) => csvDays.has(d))).toBe(true);
  // Sales by Product closes on net sales, and so does the VAT summary's output VAT.
  const cents = (cell: unknown) => Math.round(Number(cell) * 100);
  let productTotal: readonly unknown[] = [];
  for await (const row of quickReportRows("sales-by-product", p)) productTotal = row;
  expect(productTotal[0]).toBe("Total");
  expect(cents(productTotal[4])).toBe(expected.revenue);
  let vatTotal: readonly unknown[] = [];
  for await (const row of quickReportRows("vat-summary", p)) vatTotal = row;
  expect(vatTotal[0]).toBe("Output VAT");
  expect(cents(vatTotal[4])).toBe(expected.revenue);
  expect(cents(vatTotal[5])).toBe(expected.vat);
}

const NOW = Date.parse("2026-11-24T10:00:00Z");
const DAY = 86_400_000;
const EMAILS = [
  "thandi@example.com",
  "naledi@example.com",
  "piet@example.com",
  "lerato@example.com",
  "sam@example.com",
];
const TOWNS = ["Lichtenburg", "lichtenburg", "Mahikeng", "Potchefstroom", "Klerksdorp"];

/** An instant within about 14 months before NOW, often close to a midnight somewhere. */
const instant = fc
  .tuple(
    fc.integer({ min: 0, max: 430 }),
    fc.integer({ min: 0, max: DAY / 1000 - 1 }),
    fc.boolean(),
  )
  .map(([days, seconds, nearMidnight]) => {
    const dayStart = Math.floor((NOW - days * DAY) / DAY) * DAY;
    // Near 22:00-23:59 UTC: already the next day in Johannesburg, not yet in UTC.
    const offset = nearMidnight ? 22 * 3600 + (seconds % 7200) : seconds;
    return new Date(Math.min(dayStart + offset * 1000, NOW - 1000));
  });

const orderSpec: fc.Arbitrary<OrderSpec> = fc
  .record({
    paidAt: fc.option(instant, { freq: 5 }),
    createdAt: instant,
    email: fc.constantFrom(...EMAILS),
    city: fc.constantFrom(...TOWNS),
    lines: fc.array(
      fc.record({ item: fc.integer({ min: 0, max: 4 }), quantity: fc.integer({ min: 1, max: 3 }) }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    discountCents: fc.constantFrom(0, 0, 5_000, 20_000),
    deliveryCents: fc.constantFrom(0, 29_900),
    refunds: fc.array(
      fc.record({
        amountCents: fc.integer({ min: 100, max: 50_000 }),
        at: instant,
        completed: fc.boolean(),
      }),
      {
        maxLength: 2,
      },
    ),
  })
  .map((o) => (o.paidAt ? o : { ...o, refunds: [] }));

const periodArb = fc.record({
  key: fc.constantFrom<PeriodKey>(...PERIOD_KEYS),
  timeZone: fc.constantFrom(...TIME_ZONES.map((z) => z.value)),
  from: fc.integer({ min: 0, max: 420 }),
  length: fc.integer({ min: 1, max: 120 }),
  nowShift: fc.integer({ min: 0, max: 40 * DAY }),
});

describe("report figures", () => {
  it("equal a brute-force sum over the same orders, for random orders, refunds, periods and zones", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(orderSpec, { minLength: 0, maxLength: 25 }),
        periodArb,
        async (specs, q) => {
          await clearOrders();
          await db()
            .update(storeSettings)
            .set({ timezone: q.timeZone })
            .where(eq(storeSettings.id, 1));
          const saved = await insertOrders(items, specs);
          const now = new Date(NOW - q.nowShift);
          const fromDay = new Date(NOW - q.from * DAY).toISOString().slice(0, 10);
          const toDay = new Date(NOW - q.from * DAY + (q.length - 1) * DAY)
            .toISOString()
            .slice(0, 10);
          const period = resolvePeriod({
            key: q.key,
            timeZone: q.timeZone,
            now,
            from: fromDay,
            to: toDay,
          });
          await checkReport(saved, period);
        },
      ),
      { numRuns: 20, seed: Number(process.env.PROPERTY_SEED ?? 20_261_124) },
    );
  }, 300_000);

  it("count an order paid just after midnight in Johannesburg on that day, not the day before as UTC would", async () => {
    await clearOrders();
    await db()
      .update(storeSettings)
      .set({ timezone: "Africa/Johannesburg" })
      .where(eq(storeSettings.id, 1));
    // 22:30 UTC on 9 November is 00:30 on 10 November in Johannesburg.
    const late = new Date("2026-11-09T22:30:00Z");
    const saved = await insertOrders(items, [
      {
        paidAt: late,
        createdAt: late,
        email: "a@example.com",
        city: "Lichtenburg",
        lines: [{ item: 0, quantity: 1 }],
        discountCents: 0,
        deliveryCents: 0,
        refunds: [],
      },
    ]);
    const tenth = resolvePeriod({
      key: "custom",
      from: "2026-11-10",
      to: "2026-11-10",
      timeZone: "Africa/Johannesburg",
    });
    const ninth = resolvePeriod({
      key: "custom",
      from: "2026-11-09",
      to: "2026-11-09",
      timeZone: "Africa/Johannesburg",
    });
    expect(tenth.start.toISOString()).toBe("2026-11-09T22:00:00.000Z");
    expect((await getReport(tenth)).sales.orders.value).toBe(1);
    expect((await getReport(ninth)).sales.orders.value).toBe(0);
    expect((await getReport(tenth)).revenueSeries).toEqual([
      { bucket: "2026-11-10", revenueCents: saved[0]!.totalCents, orders: 1 },
    ]);
    // The previous period of the same length is the day before.
    expect((await getReport(tenth)).sales.orders.previous).toBe(0);
    expect((await getReport(ninth)).sales.orders.value).toBe(0);
    await checkReport(saved, tenth);
    await checkReport(saved, ninth);
  });
});
