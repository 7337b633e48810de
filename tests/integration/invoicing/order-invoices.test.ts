import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoiceLines, invoices, products, storeSettings, variants } from "~/db/schema";
import { getInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { issueOrderInvoice } from "~/domain/invoicing/issue-order-invoice.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { applyPaymentOutcome } from "~/domain/orders/apply-payment-outcome.server";
import { useTestDatabase } from "../../setup/database";
import { mimeParts } from "../../setup/mime-parts";
import { pdfToText } from "../../setup/pdf-text";
import { addPromotion, addVariant, checkout, setUpShop } from "../orders/fixtures";
import { paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "invoices-test-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const invoiceOf = async (orderId: number) =>
  (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0];

const allNumbers = async () =>
  (await db().select({ n: invoices.number }).from(invoices).orderBy(asc(invoices.number))).map(
    (r) => r.n,
  );

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe("a paid web order's tax invoice", () => {
  it("is issued with the payment: its lines, delivery and discount, VAT worked out once", async () => {
    await addPromotion({ code: "WINTER10", kind: "percentage", value: 10 });
    const { order, payment } = await paidOrder(shop, {
      priceCents: 149_950,
      quantity: 1,
      overrides: { promoCode: "WINTER10" },
    });
    const invoice = await getInvoice({ invoiceId: (await invoiceOf(order.id))!.id });
    expect(invoice).toMatchObject({
      invoiceNumber: "INV-000001",
      orderNumber: order.number,
      status: "paid",
      shownStatus: "paid",
      buyerName: "Thandi Mokoena",
      paymentReference: payment.reference,
      totalCents: order.totalCents,
    });
    expect(invoice.lines.map((l) => [l.description, l.quantity, l.lineTotalCents])).toEqual([
      [expect.stringContaining("Test Bed"), 1, 149_950],
      ["Standard delivery (3-7 business days)", 1, 29_900],
      ["Discount (WINTER10)", 1, -14_995],
    ]);
    // R1,648.55 VAT included: 15/115 of it, to the cent; VAT and net add up.
    expect(invoice.totalCents).toBe(164_855);
    expect(invoice.vatCents).toBe(21_503);
    expect(invoice.seller).toMatchObject({
      legalName: "Test Beds (Pty) Ltd",
      vatNumber: "4123456789",
    });
  });

  it("is issued once: a replayed notification changes nothing", async () => {
    const { order, payment } = await paidOrder(shop, { priceCents: 50_000 });
    const replay = await recordPaymentOutcome({
      provider: "demo",
      reference: payment.reference,
      providerReference: `demo_${payment.reference}`,
      status: "approved",
      amountCents: payment.amountCents,
    });
    expect(replay.result).toBe("duplicate");
    const rows = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it("numbers invoices without a gap: a rolled-back payment gives its number back", async () => {
    const before = await allNumbers();
    const bed = await addVariant(shop, { priceCents: 10_000, stock: 5 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    await expect(
      db().transaction(async (tx) => {
        await issueOrderInvoice(tx, { orderId: order.id, paymentReference: "x" });
        throw new Error("the payment's transaction fails after the invoice");
      }),
    ).rejects.toThrow("fails after the invoice");
    expect(await invoiceOf(order.id)).toBeUndefined();
    await paidOrder(shop, { priceCents: 20_000 });
    expect(await allNumbers()).toEqual(oneTo(before.length + 1));
  });

  it("gives 50 payments recorded at once 50 invoices numbered without a gap", async () => {
    const before = (await allNumbers()).length;
    const bed = await addVariant(shop, { priceCents: 30_000, stock: 100 });
    const attempts = [];
    for (let i = 0; i < 50; i++) {
      const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
      attempts.push(await createPaymentAttempt(order, "card", "demo"));
    }
    const results = await Promise.all(
      attempts.map((payment) =>
        recordPaymentOutcome({
          provider: "demo",
          reference: payment.reference,
          providerReference: `demo_${payment.reference}`,
          status: "approved",
          amountCents: payment.amountCents,
        }),
      ),
    );
    expect(results.every((r) => r.result === "paid")).toBe(true);
    expect(await allNumbers()).toEqual(oneTo(before + 50));
  });

  it("stays as issued when the product, its price or the shop's details change", async () => {
    const { order, bed } = await paidOrder(shop, { priceCents: 80_000 });
    const invoiceId = (await invoiceOf(order.id))!.id;
    const issued = await getInvoice({ invoiceId });
    await db().update(products).set({ title: "Renamed Bed" }).where(eq(products.id, bed.productId));
    await db()
      .update(variants)
      .set({ priceCents: 1_000, sku: "NEW-SKU" })
      .where(eq(variants.id, bed.variantId));
    await db()
      .update(storeSettings)
      .set({ legalName: "New Owners (Pty) Ltd", vatNumber: "4999999999" });
    try {
      const later = await getInvoice({ invoiceId });
      expect(later.lines).toEqual(issued.lines);
      expect(later.seller).toEqual(issued.seller);
      expect(later.totalCents).toBe(issued.totalCents);
      const text = await pdfToText((await renderInvoicePdf({ invoiceId })).pdf);
      expect(text).not.toContain("Renamed Bed");
      expect(text).toContain("Test Beds (Pty) Ltd");
      expect(text).not.toContain("New Owners");
    } finally {
      await db()
        .update(storeSettings)
        .set({ legalName: "Test Beds (Pty) Ltd", vatNumber: "4123456789" });
    }
    const lines = await db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId));
    expect(lines[0]!.unitPriceCents).toBe(80_000);
  });
});

describe("the shopper's payment e-mail", () => {
  it("carries the tax invoice as a PDF attachment", async () => {
    const bed = await addVariant(shop, { priceCents: 120_000, stock: 3 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    const payment = await createPaymentAttempt(order, "card", "demo");
    await applyPaymentOutcome(
      {
        provider: "demo",
        reference: payment.reference,
        providerReference: `demo_${payment.reference}`,
        status: "approved",
        amountCents: payment.amountCents,
      },
      "http://shop.test",
    );
    const number = `INV-${String((await invoiceOf(order.id))!.number).padStart(6, "0")}`;
    const outbox = path.join(dataDir, "outbox");
    const raws = await Promise.all(
      (await fs.readdir(outbox)).map((f) => fs.readFile(path.join(outbox, f), "utf8")),
    );
    const receipt = raws.find(
      (raw) => raw.includes(`Your order ${order.number} at `) && raw.includes("confirmed and paid"),
    );
    expect(receipt).toBeDefined();
    const parts = mimeParts(receipt!);
    expect(
      parts.find((p) => p.body.toString().includes(`Your tax invoice ${number} is attached.`)),
    ).toBeDefined();
    const pdf = parts.find((p) => p.headers.get("content-type")?.startsWith("application/pdf"));
    expect(pdf?.headers.get("content-disposition")).toContain(`${number}.pdf`);
    expect(await pdfToText(pdf!.body)).toContain(number);
  });
});

describe("the invoice's PDF", () => {
  it("above R5,000 is a full tax invoice with every section-20 field and the buyer's name whole", async () => {
    const { order } = await paidOrder(shop, {
      priceCents: 319_900,
      quantity: 2,
      overrides: { firstName: "Ṱhohoyanḓou", lastName: "Ndou", address: "7 Mvuvhelo Street" },
    });
    const invoice = (await invoiceOf(order.id))!;
    const rendered = await renderInvoicePdf({ invoiceId: invoice.id });
    expect(rendered.filename).toBe(`INV-${String(invoice.number).padStart(6, "0")}.pdf`);
    expect(rendered.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfToText(rendered.pdf);
    // s20(4): the words "Tax Invoice"; the seller's name, address and VAT number; the number and
    // date of issue; the buyer's name and address; each line's description, quantity and value;
    // the total and the VAT it includes.
    expect(text).toContain("Tax Invoice");
    expect(text).toContain("Test Beds (Pty) Ltd");
    expect(text).toContain("1 Test Street");
    expect(text).toContain("VAT number 4123456789");
    expect(text).toContain(`INV-${String(invoice.number).padStart(6, "0")}`);
    expect(text).toContain("Date of issue");
    expect(text).toContain("Bill to");
    expect(text).toContain("Ṱhohoyanḓou Ndou");
    expect(text).toContain("7 Mvuvhelo Street");
    expect(text).toMatch(/Test Bed \d+, Queen/);
    expect(text).toContain("R3,199.00");
    expect(text).toContain("R6,398.00");
    // R6,398.00 (free delivery): VAT 15/115 = R834.52, net R5,563.48.
    expect(text).toMatch(/Total excluding VAT\s+R5,563\.48/);
    expect(text).toMatch(/VAT \(15%\)\s+R834\.52/);
    expect(text).toMatch(/Total \(VAT included\)\s+R6,398\.00/);
    expect(text).not.toContain("Abridged");
    expect(text).toMatch(/Page 1 of 1/);
  });

  it("at R5,000 or less is abridged: it names no buyer", async () => {
    const { order } = await paidOrder(shop, {
      priceCents: 250_000,
      quantity: 2,
      overrides: { firstName: "Lerato", lastName: "Dlamini" },
    });
    const invoice = (await invoiceOf(order.id))!;
    expect(invoice.totalCents).toBe(500_000);
    const text = await pdfToText((await renderInvoicePdf({ invoiceId: invoice.id })).pdf);
    expect(text).toContain("Tax Invoice");
    expect(text).toContain("Abridged tax invoice");
    expect(text).not.toContain("Bill to");
    expect(text).not.toContain("Lerato");
    expect(text).toMatch(/VAT \(15%\)\s+R652\.17/);
  });

  it("names a business buyer and its VAT number, given at checkout, on a full tax invoice only", async () => {
    const business = { companyName: "Kgosi Guest House", vatNumber: "4987654321" };
    const above = await paidOrder(shop, {
      priceCents: 319_900,
      quantity: 2,
      overrides: { firstName: "Kagiso", lastName: "Molefe", ...business },
    });
    const full = (await invoiceOf(above.order.id))!;
    expect(full).toMatchObject({
      buyerName: "Kgosi Guest House (Kagiso Molefe)",
      buyerVatNumber: "4987654321",
    });
    const text = await pdfToText((await renderInvoicePdf({ invoiceId: full.id })).pdf);
    expect(text).toContain("Kgosi Guest House (Kagiso Molefe)");
    expect(text).toContain("VAT number 4987654321");
    // At R5,000 or less the abridged invoice names no buyer, so neither is kept on it.
    const below = await paidOrder(shop, { priceCents: 250_000, overrides: business });
    expect((await invoiceOf(below.order.id))!).toMatchObject({ buyerVatNumber: "" });
  });

  it("numbers its pages when the lines run over one page", async () => {
    const bed = await addVariant(shop, { priceCents: 10_000, stock: 5 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    const invoiceId = await db().transaction(async (tx) => {
      const { invoiceId } = await issueOrderInvoice(tx, {
        orderId: order.id,
        paymentReference: "r",
      });
      const many = Array.from({ length: 80 }, (_, i) => ({
        invoiceId,
        position: 10 + i,
        description: `Cushion ${i + 1}`,
        quantity: 1,
        unitPriceCents: 0,
        lineTotalCents: 0,
      }));
      await tx.insert(invoiceLines).values(many);
      return invoiceId;
    });
    const text = await pdfToText((await renderInvoicePdf({ invoiceId })).pdf);
    // Each page but the last says where it goes on; the last gives the count.
    expect(text).toContain("Page 1, continued on page 2");
    const last = text.match(/Page (\d+) of (\d+)/);
    expect(last?.[1]).toBe(last?.[2]);
    expect(Number(last?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page ${Number(last?.[1]) - 1}, continued on page ${last?.[1]}`);
    expect(text).not.toContain(`continued on page ${Number(last?.[1]) + 1}`);
  });
});
