import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  creditNoteLines,
  deliveryZones,
  invoiceLines,
  invoices,
  laybyInstalments,
  laybyPlans,
  orders,
  salesLedger,
  salesLedgerLines,
  storeSettings,
} from "~/db/schema";
import { DEMO_DELIVERY_ZONES } from "~/db/seed/demo-delivery-zones.server";
import { giveDeliveryQuote } from "~/domain/delivery/give-delivery-quote.server";
import { deliveryNotePrint } from "~/domain/delivery/delivery-note.server";
import { documentShop, ordersForPapers } from "~/domain/delivery/delivery-papers.server";
import { runSheetPrint } from "~/domain/delivery/run-sheet.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import { ADD_ON_MESSAGE } from "~/domain/orders/checkout-schema";
import { orderSummaryText } from "~/domain/orders/order-mail.server";
import { getOrderDetails } from "~/domain/orders/get-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { vatIncludedCents } from "~/domain/orders/totals";
import { updateShippingSettings } from "~/domain/settings/update-settings.server";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { completedRefund } from "../invoicing/invoice-fixtures";
import { checkoutForm, submitCheckoutForm } from "./checkout-requests";
import { addVariant, checkout, setUpShop } from "./fixtures";

useTestDatabase();

// The default fees: R250 to take the old mattress or bed away, R350 to assemble the new bed.
const REMOVAL = 25_000;
const ASSEMBLY = 35_000;
const BOTH = { removal: true, assembly: true };

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let owner: Awaited<ReturnType<typeof signedIn>>["user"];
let staff: Awaited<ReturnType<typeof signedIn>>["user"];
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "add-ons-test-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  shop = await setUpShop();
  // A VAT vendor, so the invoice and the ledger carry VAT.
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  owner = (await signedIn("owner")).user;
  staff = (await signedIn("staff")).user;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

async function pay(order: { id: number } & Parameters<typeof createPaymentAttempt>[0]) {
  const payment = await createPaymentAttempt(order, "card", "demo");
  const recorded = await recordPaymentOutcome({
    provider: "demo",
    reference: payment.reference,
    providerReference: `demo_${payment.reference}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  expect(recorded.result).toBe("paid");
}

async function saveFees(removal: string, assembly: string) {
  await updateShippingSettings({
    actor: { ...owner, role: "owner" },
    input: {
      standardDeliveryCents: 29_900,
      expressDeliveryCents: 29_900,
      freeDeliveryThresholdCents: 200_000,
      removalFeeCents: Math.round(Number(removal) * 100),
      assemblyFeeCents: Math.round(Number(assembly) * 100),
    },
  });
}

describe("delivery add-ons at checkout", () => {
  it("are stored on the order at the shop's fees, priced into its total and VAT once", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { addOns: BOTH }),
    );
    // R1,000 of goods: below free delivery, so R299 delivery, plus R250 and R350.
    const total = 100_000 + 29_900 + REMOVAL + ASSEMBLY;
    expect(order).toMatchObject({
      subtotalCents: 100_000,
      deliveryCents: 29_900,
      removalCents: REMOVAL,
      assemblyCents: ASSEMBLY,
      totalCents: total,
      vatCents: vatIncludedCents(total),
    });
    // The checkout's summary works out the same numbers.
    const quote = await quoteCheckout({
      lines: [{ variantId: bed.variantId, quantity: 1 }],
      deliveryMethod: "standard",
      promoCode: "",
      addOns: BOTH,
    });
    expect(quote.totals).toEqual({
      subtotalCents: order.subtotalCents,
      discountCents: 0,
      deliveryCents: order.deliveryCents,
      removalCents: REMOVAL,
      assemblyCents: ASSEMBLY,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
    });
    expect(quote.addOnFees).toEqual({ removalCents: REMOVAL, assemblyCents: ASSEMBLY });

    // The database holds the sum too: a total that leaves the add-ons out is refused.
    await expect(
      db()
        .update(orders)
        .set({ totalCents: sql`${orders.totalCents} - ${REMOVAL}` })
        .where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    expect((await orderRow(order.id)).totalCents).toBe(total);
  });

  it("never make delivery free: the free-delivery threshold is on the goods", async () => {
    const bed = await addVariant(shop, { priceCents: 180_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { addOns: BOTH }),
    );
    // R1,800 + R600 of add-ons is above R2,000, but the goods are not: delivery is charged.
    expect(order).toMatchObject({ deliveryCents: 29_900, totalCents: 180_000 + 29_900 + 60_000 });
  });

  it("keep a placed order's fees when the owner changes them", async () => {
    const bed = await addVariant(shop, { priceCents: 250_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], {
        addOns: { removal: true, assembly: false },
      }),
    );
    expect(order).toMatchObject({ removalCents: REMOVAL, assemblyCents: 0, totalCents: 275_000 });

    await saveFees("300", "400");
    const after = await orderRow(order.id);
    expect(after).toMatchObject({ removalCents: REMOVAL, assemblyCents: 0, totalCents: 275_000 });
    // A new checkout is charged the new fee.
    const quote = await quoteCheckout({
      lines: [{ variantId: bed.variantId, quantity: 1 }],
      deliveryMethod: "standard",
      promoCode: "",
      addOns: { removal: true, assembly: false },
    });
    expect(quote.totals).toMatchObject({ removalCents: 30_000, totalCents: 280_000 });
    await saveFees("250", "350");
  });

  it("are lines of the tax invoice and the sales ledger, shown on the order's e-mail, and refunded in full with the order", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { addOns: BOTH }),
    );
    await pay(order);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice!.totalCents).toBe(order.totalCents);
    const lines = await db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice!.id))
      .orderBy(asc(invoiceLines.position));
    expect(lines.map((l) => [l.description, l.sku, l.lineTotalCents])).toEqual([
      [expect.stringMatching(/^Test Bed/), expect.stringContaining("TB-"), 300_000],
      ["Take away old mattress or bed", "", REMOVAL],
      ["Assemble new bed", "", ASSEMBLY],
    ]);

    // The ledger counts the invoice's whole total, its add-ons as lines of their own.
    const [entry] = await db()
      .select()
      .from(salesLedger)
      .where(eq(salesLedger.invoiceId, invoice!.id));
    expect(entry).toMatchObject({ amountCents: order.totalCents, vatCents: order.vatCents });
    const ledgerLines = await db()
      .select()
      .from(salesLedgerLines)
      .where(eq(salesLedgerLines.entryId, entry!.id))
      .orderBy(asc(salesLedgerLines.position));
    expect(ledgerLines.map((l) => [l.description, l.amountCents])).toEqual([
      [expect.stringMatching(/^Test Bed/), 300_000],
      ["Take away old mattress or bed", REMOVAL],
      ["Assemble new bed", ASSEMBLY],
    ]);
    expect(ledgerLines.reduce((sum, l) => sum + l.vatCents, 0)).toBe(order.vatCents);

    const text = orderSummaryText((await getOrderDetails(order.id))!);
    expect(text).toContain("Take away old mattress or bed: R250.00");
    expect(text).toContain("Assemble new bed: R350.00");

    // Refunding every line gives back every cent paid, add-ons included, on one credit note.
    const done = completedRefund(
      await refundOrder({
        orderId: order.id,
        input: {
          lines: lines.map((l) => ({ position: l.position, quantity: l.quantity })),
          amountCents: null,
          reason: "Returned within 7 days",
          method: "provider",
          eftReference: "",
          restock: true,
        },
        actor: staff,
      }),
    );
    expect(done.amountCents).toBe(order.totalCents);
    const credited = await db()
      .select()
      .from(creditNoteLines)
      .where(eq(creditNoteLines.creditNoteId, done.creditNoteId))
      .orderBy(asc(creditNoteLines.position));
    expect(credited.map((l) => [l.description, l.lineTotalCents]).slice(1)).toEqual([
      ["Take away old mattress or bed", REMOVAL],
      ["Assemble new bed", ASSEMBLY],
    ]);
    expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
  });

  it("go on a lay-by's total, which the plan is for", async () => {
    const bed = await addVariant(shop, { priceCents: 400_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], {
        addOns: BOTH,
        layby: { months: 3, depositCents: 100_000 },
      }),
    );
    expect(order.totalCents).toBe(400_000 + REMOVAL + ASSEMBLY);
    const [plan] = await db().select().from(laybyPlans).where(eq(laybyPlans.orderId, order.id));
    const instalments = await db()
      .select()
      .from(laybyInstalments)
      .where(eq(laybyInstalments.planId, plan!.id));
    expect(instalments.reduce((sum, i) => sum + i.amountCents, 0)).toBe(order.totalCents);
  });

  it("refuses an add-on box with any value but 'on', with 400 at its field, and makes no order", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 5 });
    const before = (await db().select().from(orders)).length;
    const answer = await submitCheckoutForm(
      checkoutForm([{ variantId: bed.variantId, quantity: 1 }], {
        removal: "yes-please",
        assembly: "R0",
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      fieldErrors: { removal: ADD_ON_MESSAGE, assembly: ADD_ON_MESSAGE },
    });
    expect((await db().select().from(orders)).length).toBe(before);

    // Ticked as the browser sends it: the server's fee, whatever else the form says.
    const placed = await submitCheckoutForm(
      checkoutForm([{ variantId: bed.variantId, quantity: 1 }], {
        removal: "on",
        removalCents: "1",
        totalCents: "1",
      }),
    );
    expect(placed.status).toBe(302);
    const [order] = await db()
      .select()
      .from(orders)
      .orderBy(sql`${orders.id} desc`)
      .limit(1);
    expect(order).toMatchObject({ removalCents: REMOVAL, assemblyCents: 0 });
  });
});

describe("delivery add-ons where delivery is quoted, and on the run sheet", () => {
  beforeAll(async () => {
    await db().insert(deliveryZones).values(DEMO_DELIVERY_ZONES);
  });

  it("are priced at checkout; the quote adds delivery only", async () => {
    const bed = await addVariant(shop, { priceCents: 529_900, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], {
        city: "Cape Town",
        postal: "8001",
        province: "WC",
        addOns: { removal: false, assembly: true },
      }),
    );
    expect(order).toMatchObject({
      paymentStatus: "awaiting_quote",
      deliveryCents: 0,
      assemblyCents: ASSEMBLY,
      totalCents: 529_900 + ASSEMBLY,
    });
    await saveFees("250", "999");
    await giveDeliveryQuote({
      orderNumber: order.number,
      input: { carrier: "courier", amount: 120_000, note: "" },
      actor: { ...staff, role: "staff" },
    });
    const quoted = await orderRow(order.id);
    expect(quoted).toMatchObject({
      paymentStatus: "unpaid",
      deliveryCents: 120_000,
      assemblyCents: ASSEMBLY,
      totalCents: 529_900 + 120_000 + ASSEMBLY,
      vatCents: vatIncludedCents(529_900 + 120_000 + ASSEMBLY),
    });
    await saveFees("250", "350");
  });

  it("are on the run sheet's stop and the delivery note, for the crew at the door", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { addOns: BOTH }),
    );
    const [paper] = await ordersForPapers([order.id]);
    const shopParty = await documentShop();
    const sheet = runSheetPrint({
      id: 1,
      day: "2026-12-01",
      truck: "ND 123-456",
      driverName: "Sipho",
      shop: shopParty,
      stops: [paper!],
    });
    expect(sheet.rows[0]![1]).toBe(
      [`1 x ${paper!.lines[0]!.title} (Queen)`, "Take away old mattress", "Assemble"].join("\n"),
    );
    const note = deliveryNotePrint({ shop: shopParty, order: paper!, day: null, zoneName: null });
    expect(note.rows.map((r) => r[2])).toEqual([
      `${paper!.lines[0]!.title} (Queen)`,
      "Take away old mattress or bed",
      "Assemble new bed",
    ]);
  });
});
