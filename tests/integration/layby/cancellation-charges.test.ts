import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  documentCounters,
  invoiceLines,
  invoices,
  laybyPayments,
  salesLedger,
  storeSettings,
} from "~/db/schema";
import { orderInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { getAdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { cashTotals, salesTotals, ALL_TIME_START } from "~/domain/ledger/ledger-totals.server";
import { formatMoney } from "~/lib/money";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { addPromotion } from "../orders/fixtures";
import {
  laybyOrder,
  laybyRefundParts,
  laybyRefundsOf,
  payOutByHand,
  planRow,
  useLaybyShop,
} from "./staff-plan-fixtures";

useTestDatabase();

const SITE = "http://shop.test";
const staff = { id: "desk-charges", email: "desk@example.com" };
const ctx = useLaybyShop(staff);
beforeEach(async () => {
  await db().update(storeSettings).set({ vatNumber: "4123456789", laybyInterestBasisPoints: 1175 });
});

/** Staff cancel because the shop cannot supply the goods, on `now`. */
const cannotSupply = (orderId: number, now: Date) =>
  cancelLaybyPlan({
    orderId,
    reason: "staff",
    actor: staff,
    chargeRule: "shop_cannot_supply",
    siteUrl: SITE,
    now,
  });
const ledgerRows = (orderId: number) =>
  db().select().from(salesLedger).where(eq(salesLedger.orderId, orderId));
const chargeInvoiceOf = async (planId: number) =>
  (await db().select().from(invoices).where(eq(invoices.laybyPlanId, planId)))[0];
const mailTo = (email: string) => ctx.smtp.received.find((m) => m.to.includes(email));
const money = (cents: number) => formatMoney(cents, { cents: true });
const lastInvoiceNumber = async () =>
  (
    await db()
      .select({ last: documentCounters.lastValue })
      .from(documentCounters)
      .where(eq(documentCounters.name, "invoice"))
  )[0]?.last ?? 0;

describe("a lay-by's cancellation charge", () => {
  it("a shop without a VAT number keeps the charge without VAT, on a plain invoice", async () => {
    await db().update(storeSettings).set({ vatNumber: "" });
    const { order, plan } = await laybyOrder(ctx.shop, { priceCents: 900_000, paid: ["online"] });
    const done = await cancelLaybyPlan({
      orderId: order.id,
      reason: "shopper",
      actor: "shopper",
      siteUrl: SITE,
    });
    expect(done.chargeCents).toBe(9_000);
    const [charge] = (await ledgerRows(order.id)).filter((e) => e.kind === "charge_kept");
    expect(charge).toMatchObject({ amountCents: 9_000, vatCents: 0 });
    const invoice = await chargeInvoiceOf(plan.id);
    expect(invoice).toMatchObject({ totalCents: 9_000, vatCents: 0, orderId: order.id });
    const text = await pdfToText((await renderInvoicePdf({ invoiceId: invoice!.id })).pdf);
    expect(text).toContain("is not registered for VAT");
    expect(text).not.toContain("Tax Invoice");
  });

  it("a VAT vendor issues a tax invoice for the charge: numbered in the series, on the order's pages, in the ledger once and mailed", async () => {
    const email = "charge-invoice@example.com";
    // The series so far (the number the last invoice took, if any): the charge's is the next.
    const before = await lastInvoiceNumber();
    const { order, plan } = await laybyOrder(ctx.shop, {
      priceCents: 900_000,
      paid: ["online", "online"],
      email,
    });
    await cancelLaybyPlan({ orderId: order.id, reason: "staff", actor: staff, siteUrl: SITE });

    const invoice = await chargeInvoiceOf(plan.id);
    expect(invoice).toMatchObject({
      number: before + 1,
      orderId: order.id,
      orderNumber: order.number,
      status: "paid",
      totalCents: 9_000,
      vatCents: 1_174, // 15/115 of R90.00
    });
    const lines = await db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines).toEqual([
      expect.objectContaining({
        description: `Lay-by cancellation charge, order #${order.number} (1% of the price of the goods, R9,000.00)`,
        lineTotalCents: 9_000,
      }),
    ]);
    // The order's pages (staff's and the shopper's) find it as a paid order's invoice.
    expect(await orderInvoice(order.id)).toEqual({
      id: invoice!.id,
      invoiceNumber: formatInvoiceNumber(before + 1),
    });
    const text = await pdfToText((await renderInvoicePdf({ invoiceId: invoice!.id })).pdf);
    expect(text).toContain("Tax Invoice");
    expect(text).toContain("Lay-by cancellation charge");
    expect(text).toMatch(/VAT \(15%\) R11\.74/);

    // The ledger records the charge once, as the charge kept with the invoice's VAT.
    const sales = (await ledgerRows(order.id)).filter((e) =>
      ["invoice", "credit_note", "charge_kept"].includes(e.kind),
    );
    expect(sales).toEqual([
      expect.objectContaining({
        kind: "charge_kept",
        invoiceId: invoice!.id,
        amountCents: 9_000,
        vatCents: 1_174,
      }),
    ]);

    const mail = mailTo(email)!;
    const number = formatInvoiceNumber(before + 1);
    expect(mail.text).toContain(`The invoice for the cancellation charge, ${number}, is attached.`);
    expect(mail.body).toContain(`${number}.pdf`);
  });

  it("is worked on the goods after their discount, not on delivery or add-ons, and says so", async () => {
    await addPromotion({ code: "BEDS10", kind: "percentage", value: 10 });
    // R1,800 of goods: below the free-delivery threshold, so delivery is charged; both add-ons.
    const { order } = await laybyOrder(ctx.shop, {
      priceCents: 180_000,
      promoCode: "BEDS10",
      addOns: { removal: true, assembly: true },
      depositCents: 60_000,
      paid: ["online"],
      email: "goods-basis@example.com",
    });
    expect(order.deliveryCents).toBeGreaterThan(0);
    expect(order.removalCents).toBeGreaterThan(0);
    expect(order.assemblyCents).toBeGreaterThan(0);
    expect(order.discountCents).toBe(18_000);
    const goods = 180_000 - 18_000;
    expect(order.totalCents).toBeGreaterThan(goods);

    const preview = await getAdminLaybyPlan(order.id);
    expect(preview!.cancellation!.charge.chargeCents).toBe(goods / 100);
    const done = await cancelLaybyPlan({
      orderId: order.id,
      reason: "shopper",
      actor: "shopper",
      siteUrl: SITE,
    });
    expect(done.chargeCents).toBe(goods / 100);
    expect(done.explanation).toContain(
      "Cancellation charge: 1% of the price of the goods after the discount, R1,620.00 (delivery and add-ons not included) = R16.20.",
    );
    expect(mailTo("goods-basis@example.com")!.text).toContain(
      "1% of the price of the goods after the discount, R1,620.00",
    );
  });
});

describe("the shop cannot supply the goods (s62(3))", () => {
  it("pays everything back with interest at the shop's rate from each payment's day, shown before and after, and books the interest as interest paid", async () => {
    const email = "interest@example.com";
    const { order, plan, schedule } = await laybyOrder(ctx.shop, {
      priceCents: 900_000,
      paid: ["online", "showroom"],
      email,
    });
    // The deposit came in 100 days before the cancellation, the instalment 30 days before.
    const now = new Date("2027-03-01T10:00:00Z");
    const received = await db()
      .select()
      .from(laybyPayments)
      .where(eq(laybyPayments.planId, plan.id))
      .orderBy(laybyPayments.id);
    await db()
      .update(laybyPayments)
      .set({ receivedAt: new Date("2026-11-21T10:00:00Z") })
      .where(eq(laybyPayments.id, received[0]!.id));
    await db()
      .update(laybyPayments)
      .set({ receivedAt: new Date("2027-01-30T10:00:00Z") })
      .where(eq(laybyPayments.id, received[1]!.id));
    const [deposit, first] = [schedule.payments[0]!.amountCents, schedule.payments[1]!.amountCents];
    const paid = deposit + first;
    // 11.75% a year, simple: each payment times its days, over 365.
    const interest = Math.round(((deposit * 100 + first * 30) * 1175) / (10_000 * 365));
    expect(interest).toBeGreaterThan(0);

    // Staff see it before they confirm.
    const preview = (await getAdminLaybyPlan(order.id, now))!.cancellation!.shop_cannot_supply;
    expect(preview).toMatchObject({ chargeCents: 0, refundCents: paid, interestCents: interest });

    const done = await cannotSupply(order.id, now);
    expect(done).toMatchObject({ chargeCents: 0, refundCents: paid, interestCents: interest });
    expect(done.explanation).toContain(
      `Interest at 11.75% a year on each payment, from the day we received it to the day of cancellation: ${money(interest)}.`,
    );
    expect(done.explanation).toContain(`Refunded to you: ${money(paid + interest)}.`);
    expect(await planRow(order.id)).toMatchObject({
      interestCents: interest,
      interestBasisPoints: 1175,
      refundCents: paid,
    });
    expect(await chargeInvoiceOf(plan.id)).toBeUndefined();

    // One refund: the online payment through the provider, the showroom's and the interest by hand.
    expect((await laybyRefundsOf(plan.id))[0]).toMatchObject({ amountCents: paid + interest });
    const parts = await laybyRefundParts(plan.id);
    expect(parts.filter((p) => p.interest)).toEqual([
      expect.objectContaining({ method: "hand", amountCents: interest, status: "pending" }),
    ]);
    const mail = mailTo(email)!;
    expect(mail.text).toContain(`Interest at 11.75% a year`);
    expect(mail.text).toContain(`- ${money(interest)} interest:`);

    await payOutByHand({ orderId: order.id, planId: plan.id, actor: staff });
    const cash = await ledgerRows(order.id);
    const sum = (kind: string) =>
      cash.filter((e) => e.kind === kind).reduce((s, e) => s + e.amountCents, 0);
    expect(sum("interest_paid")).toBe(-interest);
    expect(sum("layby_refund_paid")).toBe(-paid);
    // Not a sale: net sales do not move; money out counts it; nothing is held for the buyer.
    const rows = await db()
      .select()
      .from(salesLedger)
      .where(and(eq(salesLedger.planId, plan.id), eq(salesLedger.kind, "charge_kept")));
    expect(rows).toEqual([]);
    const window = { start: ALL_TIME_START, end: new Date("2100-01-01T00:00:00Z") };
    const [sales] = await salesTotals([window]);
    const all = await db().select().from(salesLedger);
    expect(sales!.netCents).toBe(
      all
        .filter((e) => ["invoice", "credit_note", "charge_kept"].includes(e.kind))
        .reduce((s, e) => s + e.amountCents, 0),
    );
    const totals = await cashTotals(window);
    expect(totals.paidBackCents).toBeGreaterThanOrEqual(paid + interest);
    const held = await db().select().from(salesLedger).where(eq(salesLedger.planId, plan.id));
    expect(
      held
        .filter((e) => !["invoice", "credit_note", "interest_paid"].includes(e.kind))
        .reduce((s, e) => s + e.amountCents * (e.kind === "charge_kept" ? -1 : 1), 0),
    ).toBe(0);
  });

  it("pays no interest at a rate of 0%", async () => {
    await db().update(storeSettings).set({ laybyInterestBasisPoints: 0 });
    const { order, plan } = await laybyOrder(ctx.shop, { priceCents: 800_000, paid: ["online"] });
    const done = await cannotSupply(order.id, new Date("2028-01-01T10:00:00Z"));
    expect(done.interestCents).toBe(0);
    expect((await laybyRefundParts(plan.id)).some((p) => p.interest)).toBe(false);
  });
});
