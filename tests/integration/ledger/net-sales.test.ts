import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { creditNotes, invoices, storeSettings, variants } from "~/db/schema";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { listAdminOrders } from "~/domain/orders/list-orders.server";
import { ORDER_LIST } from "~/domain/orders/order-list";
import { placeOrder } from "~/domain/orders/place-order.server";
import { vatIncludedCents } from "~/domain/orders/totals";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { getDashboard } from "~/domain/reports/dashboard.server";
import { getReport } from "~/domain/reports/get-report.server";
import { quickReportRows, type QuickReportKey } from "~/domain/reports/report-exports.server";
import { resolvePeriod, type ReportPeriod } from "~/domain/reports/report-period";
import { addDays, shopToday } from "~/lib/dates";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { laybyOrder, payOutByHand, planRow } from "../layby/staff-plan-fixtures";
import { addPromotion, addVariant, checkout, setUpShop } from "../orders/fixtures";
import {
  ledgerSnapshot,
  rowsWhoseLinesDoNotAddUp,
  sentHandMadeInvoice,
  upgradeStatements,
} from "./ledger-fixtures";

useTestDatabase();

let dataDir: string;
let actor: { id: string; email: string };
/** What the shop's documents say, read from them rather than from the ledger. */
const expected = {
  netCents: 0,
  vatCents: 0,
  heldOnLaybyCents: 0,
  chargeCents: 0,
  handMadeCents: 0,
};

const cents = (cell: unknown) => Math.round(Number(cell) * 100);
async function rowsOfReport(key: QuickReportKey, p: ReportPeriod) {
  const rows: (readonly unknown[])[] = [];
  for await (const row of quickReportRows(key, p)) rows.push(row);
  return rows;
}

/** The shop's last two days, to now: every event of the scenario happened in them. */
const recentDays = () =>
  resolvePeriod({
    key: "custom",
    from: addDays(shopToday(), -1),
    to: shopToday(),
    timeZone: "Africa/Johannesburg",
  });

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "ledger-test-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  const shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  actor = (await signedIn("staff")).user;
  await addPromotion({ code: "TENOFF", value: 10 });

  // 1. A card order paid in full, for a bed with a cost price.
  const card = { bed: await addVariant(shop, { priceCents: 459_900, stock: 5 }) };
  await db()
    .update(variants)
    .set({ costCents: 250_000 })
    .where(eq(variants.id, card.bed.variantId));
  const { order } = await placeOrder(checkout([{ variantId: card.bed.variantId, quantity: 1 }]));
  const payment = await createPaymentAttempt(order, "card", "demo");
  await recordPaymentOutcome({
    provider: "demo",
    reference: payment.reference,
    providerReference: `demo_${payment.reference}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  // 2. A lay-by part paid: a deposit online and an instalment at the showroom, not yet invoiced.
  const open = await laybyOrder(shop, {
    priceCents: 899_900,
    paid: ["online", "showroom"],
    email: "open-layby@example.com",
  });
  // 3. An order of two beds with 10% off, one bed refunded by EFT (its credit note).
  const refunded = await paidOrder(shop, {
    priceCents: 188_700,
    quantity: 2,
    overrides: { promoCode: "TENOFF" },
  });
  await refundOrder({
    orderId: refunded.order.id,
    input: {
      lines: [{ position: 0, quantity: 1 }],
      amountCents: null,
      reason: "Returned within 7 days",
      method: "eft",
      eftReference: "EFT-0001",
      restock: false,
    },
    actor,
  });
  // 4. A lay-by cancelled by staff after a showroom deposit: 1% kept, the rest paid back in cash.
  const cancelled = await laybyOrder(shop, {
    priceCents: 1_000_000,
    paid: ["showroom"],
    email: "cancelled-layby@example.com",
  });
  await cancelLaybyPlan({
    orderId: cancelled.order.id,
    reason: "staff",
    actor,
    siteUrl: "http://shop.test",
  });
  const plan = await planRow(cancelled.order.id);
  await payOutByHand({ orderId: cancelled.order.id, planId: plan.id, actor, reference: "CASH-1" });
  // 5. A hand-made invoice for a phone order, sent (issued).
  const [bed] = await db().select().from(variants).where(eq(variants.id, card.bed.variantId));
  await sentHandMadeInvoice({ sku: bed!.sku, quantity: 1, actor });

  const issued = await db()
    .select()
    .from(invoices)
    .where(inArray(invoices.status, ["sent", "paid"]));
  // The charge kept has its own tax invoice; the ledger records it as the charge, not a sale.
  const sold = issued.filter((i) => i.laybyPlanId === null);
  const notes = await db().select().from(creditNotes);
  expected.chargeCents = plan.chargeCents!;
  expected.handMadeCents = sold.find((i) => i.orderId === null)!.totalCents;
  expected.netCents =
    sold.reduce((n, i) => n + i.totalCents, 0) -
    notes.reduce((n, c) => n + c.totalCents, 0) +
    plan.chargeCents!;
  expected.vatCents =
    sold.reduce((n, i) => n + i.vatCents, 0) -
    notes.reduce((n, c) => n + c.vatCents, 0) +
    vatIncludedCents(plan.chargeCents!);
  expected.heldOnLaybyCents = open.instalments.slice(0, 2).reduce((n, i) => n + i.amountCents, 0);
  // The scenario as the owner would check it: three invoices of sales and one of the charge
  // kept (its VAT the charge's), one credit note.
  expect(sold).toHaveLength(3);
  expect(issued.filter((i) => i.laybyPlanId === plan.id)).toEqual([
    expect.objectContaining({
      totalCents: plan.chargeCents,
      vatCents: vatIncludedCents(plan.chargeCents!),
    }),
  ]);
  expect(notes).toHaveLength(1);
  expect(plan.chargeCents).toBe(10_000);
}, 120_000);

afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("one net sales figure", () => {
  it("is the same on the Dashboard, the Orders card, Reports, products summed and the VAT summary, to the cent", async () => {
    const period = recentDays();
    const dashboard = await getDashboard();
    const orders = await listAdminOrders(readListParams(ORDER_LIST, new URLSearchParams()));
    const report = await getReport(period);
    const byProduct = await rowsOfReport("sales-by-product", period);
    const byDay = await rowsOfReport("sales-by-day", period);
    const vat = await rowsOfReport("vat-summary", period);

    expect(dashboard.revenueCents).toBe(expected.netCents);
    expect(orders.summary.revenueCents).toBe(expected.netCents);
    expect(report.sales.revenueCents.value).toBe(expected.netCents);
    expect(report.sales.revenueExVatCents.value).toBe(expected.netCents - expected.vatCents);
    const skuRows = byProduct.filter((r) => r[0] !== "Total");
    expect(skuRows.reduce((n, r) => n + cents(r[4]), 0)).toBe(expected.netCents);
    expect(cents(byProduct.at(-1)![4])).toBe(expected.netCents);
    expect(byDay.reduce((n, r) => n + cents(r[2]), 0)).toBe(expected.netCents);
    const output = vat.at(-1)!;
    expect(output[0]).toBe("Output VAT");
    expect(cents(output[4])).toBe(expected.netCents);
    expect(cents(output[5])).toBe(expected.vatCents);
    // The charge kept is in the VAT summary and on the Sales card; the open lay-by is not sales.
    expect(vat.some((r) => r[0] === "Lay-by charge kept" && cents(r[4]) === 10_000)).toBe(true);
    expect(report.sales.chargesKeptCents).toBe(expected.chargeCents);
  });

  it("nets the refund and the discount out of the products' revenue and margin", async () => {
    const report = await getReport(recentDays());
    // Products alone: net sales less delivery and the charge kept, none of them a product.
    const [{ other }] = rowsOf<{ other: string }>(
      await db().execute(
        sql`select coalesce(sum(amount_cents), 0)::text as other from sales_ledger_lines where product_id is null`,
      ),
    ) as [{ other: string }];
    expect(report.products.revenueCents).toBe(expected.netCents - Number(other));
    expect(report.products.unitsSold).toBe(1 + 2 - 1 + 1);
    expect(await rowsWhoseLinesDoNotAddUp()).toEqual([]);
  });

  it("shows money received, paid back and still held for lay-by buyers", async () => {
    const { cash } = await getReport(recentDays());
    expect(cash.heldOnLaybyCents).toBe(expected.heldOnLaybyCents);
    expect(cash.paidBackCents).toBeGreaterThan(0);
    // Everything sold was paid but the hand-made invoice; the lay-by money held is not sales yet.
    expect(cash.receivedCents - cash.paidBackCents).toBe(
      expected.netCents - expected.handMadeCents + expected.heldOnLaybyCents,
    );
  });

  it("is recorded by the upgrade's backfill exactly as by the live writes", async () => {
    const period = recentDays();
    const live = await ledgerSnapshot();
    const liveReport = await getReport(period);
    await db().execute(sql`delete from sales_ledger_lines`);
    await db().execute(sql`delete from sales_ledger`);
    expect((await getReport(period)).sales.revenueCents.value).toBe(0);
    for (const statement of upgradeStatements()) await db().execute(sql.raw(statement));
    const back = await ledgerSnapshot();
    expect(back.entries).toEqual(live.entries);
    expect(back.lines).toEqual(live.lines);
    const backfilled = await getReport(period);
    expect(backfilled.sales).toEqual(liveReport.sales);
    expect(backfilled.products).toEqual(liveReport.products);
    expect(backfilled.cash).toEqual(liveReport.cash);
    expect(live.entries.length).toBeGreaterThanOrEqual(3 + 1 + 1 + 5);
  });
});

describe("a period boundary at midnight in the shop's zone", () => {
  it("puts an invoice issued at 00:00:30 in Johannesburg on that day, not the day before", async () => {
    const [bed] = await db().select().from(variants).limit(1);
    // 22:00:30 UTC on 9 November is 00:00:30 on 10 November in Johannesburg.
    const justAfterMidnight = new Date("2026-11-09T22:00:30Z");
    const invoice = await sentHandMadeInvoice({
      sku: bed!.sku,
      quantity: 1,
      actor,
      now: justAfterMidnight,
    });
    const day = (d: string) =>
      resolvePeriod({ key: "custom", from: d, to: d, timeZone: "Africa/Johannesburg" });
    const [issued] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    const tenth = await getReport(day("2026-11-10"));
    expect(tenth.sales.revenueCents.value).toBe(issued!.totalCents);
    expect(tenth.revenueSeries).toEqual([
      { bucket: "2026-11-10", revenueCents: issued!.totalCents, orders: 1 },
    ]);
    expect((await getReport(day("2026-11-09"))).sales.revenueCents.value).toBe(0);
    const vat = await rowsOfReport("vat-summary", day("2026-11-10"));
    expect(vat[0]!.slice(0, 3)).toEqual(["Tax invoice", invoice.invoiceNumber, "2026-11-10"]);
    expect(await rowsOfReport("vat-summary", day("2026-11-09"))).toHaveLength(4);
  });
});
