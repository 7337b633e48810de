import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  categories,
  creditNotes,
  invoiceLines,
  invoices,
  orderLines,
  promotionCategories,
  salesLedger,
  salesLedgerLines,
  storeSettings,
} from "~/db/schema";
import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { previewRefund, refundOrder } from "~/domain/invoicing/refund-order.server";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { signedIn } from "../admin/helpers";
import { completedRefund } from "../invoicing/invoice-fixtures";
import { addPromotion, setUpShop } from "../orders/fixtures";
import { paidMattressAndPillow, refundOne } from "./promotion-fixtures";

useTestDatabase();

/*
 * Issue 50, defect 1: a promotion for some goods took its discount off those goods only at
 * checkout, but refunds, credit notes and the ledger spread it over every line. MATTRESS10 (10%
 * off mattresses) on a R3,000 mattress and a R1,000 pillow is R300 off the mattress alone.
 */

let shop: Awaited<ReturnType<typeof setUpShop>>;
let mattresses: { categoryId: number; warehouseId: number };
let actor: { id: string; email: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "scoped-discount-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  const [row] = await db()
    .insert(categories)
    .values({ slug: "mattresses", name: "Mattresses" })
    .returning();
  mattresses = { ...shop, categoryId: row!.id };
  const mattress10 = await addPromotion({ code: "MATTRESS10", kind: "percentage", value: 10 });
  await db()
    .insert(promotionCategories)
    .values({ promotionId: mattress10.id, categoryId: row!.id });
  await addPromotion({ code: "ALL10", kind: "percentage", value: 10 });
  actor = (await signedIn("staff")).user;
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A paid order of a R3,000 mattress (position 0) and a R1,000 pillow (position 1). */
async function mattressAndPillow(promoCode: string) {
  const order = await paidMattressAndPillow({
    shop,
    mattresses,
    mattressCents: 300_000,
    promoCode,
  });
  const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
  return { order, invoice: invoice! };
}

const refund = (position: number) => refundOne(position);

/** A ledger row's lines (sku and amount), by its kind and the document it records. */
async function ledgerLines(kind: "invoice" | "credit_note", sourceId: number) {
  return db()
    .select({ position: salesLedgerLines.position, amountCents: salesLedgerLines.amountCents })
    .from(salesLedgerLines)
    .innerJoin(salesLedger, eq(salesLedger.id, salesLedgerLines.entryId))
    .where(and(eq(salesLedger.kind, kind), eq(salesLedger.sourceId, sourceId)))
    .orderBy(asc(salesLedgerLines.position));
}

async function creditNoteOf(creditNoteId: number) {
  const [note] = await db().select().from(creditNotes).where(eq(creditNotes.id, creditNoteId));
  return note!;
}

describe("a promotion for some goods", () => {
  it("keeps its discount on the mattress: the order, the invoice and the ledger say R2,700 and R1,000", async () => {
    const { order, invoice } = await mattressAndPillow("MATTRESS10");
    expect(order).toMatchObject({ subtotalCents: 400_000, discountCents: 30_000 });
    expect(order.totalCents).toBe(370_000);
    const lines = await db()
      .select({ discountCents: orderLines.discountCents })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    expect(lines.map((l) => l.discountCents)).toEqual([30_000, 0]);
    const onInvoice = await db()
      .select({ position: invoiceLines.position, discountCents: invoiceLines.discountCents })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position));
    expect(onInvoice.slice(0, 2).map((l) => l.discountCents)).toEqual([30_000, 0]);
    expect(await ledgerLines("invoice", invoice.id)).toEqual([
      { position: 0, amountCents: 270_000 },
      { position: 1, amountCents: 100_000 },
    ]);
  });

  it("pays back the pillow in full (R1,000.00), credits it so and books it so", async () => {
    const { order } = await mattressAndPillow("MATTRESS10");
    const preview = await previewRefund({ orderId: order.id, input: refund(1), actor });
    expect(preview.amountCents).toBe(100_000);
    expect(preview.why).toContain("No discount is taken off: MATTRESS10 was not for these goods.");

    const done = completedRefund(await refundOrder({ orderId: order.id, input: refund(1), actor }));
    expect(done.amountCents).toBe(100_000);
    const note = await creditNoteOf(done.creditNoteId);
    expect(note.totalCents).toBe(100_000);
    expect(await ledgerLines("credit_note", done.creditNoteId)).toEqual([
      { position: 1, amountCents: -100_000 },
    ]);
    // The printed credit note adds up to what was paid back.
    const text = await pdfToText(
      (await renderCreditNotePdf({ creditNoteId: done.creditNoteId })).pdf,
    );
    expect(text).toContain("R1,000.00");
    expect(text).not.toContain("on these goods");
  });

  it("pays back the mattress less its whole discount (R2,700.00), credited and booked so", async () => {
    const { order, invoice } = await mattressAndPillow("MATTRESS10");
    const preview = await previewRefund({ orderId: order.id, input: refund(0), actor });
    expect(preview.amountCents).toBe(270_000);
    expect(preview.why).toContain("Less R300.00: these goods' share of the MATTRESS10 discount.");
    const done = completedRefund(await refundOrder({ orderId: order.id, input: refund(0), actor }));
    expect(done.amountCents).toBe(270_000);
    expect((await creditNoteOf(done.creditNoteId)).totalCents).toBe(270_000);
    expect(await ledgerLines("credit_note", done.creditNoteId)).toEqual([
      { position: 0, amountCents: -270_000 },
    ]);
    // The pillow after it: the rest of the invoice, exactly.
    const rest = completedRefund(await refundOrder({ orderId: order.id, input: refund(1), actor }));
    expect(rest.amountCents).toBe(100_000);
    expect(done.amountCents + rest.amountCents).toBe(invoice.totalCents);
  });

  it("spreads a promotion for everything over every line, as before", async () => {
    const { order, invoice } = await mattressAndPillow("ALL10");
    expect(order.discountCents).toBe(40_000);
    expect(await ledgerLines("invoice", invoice.id)).toEqual([
      { position: 0, amountCents: 270_000 },
      { position: 1, amountCents: 90_000 },
    ]);
    const done = completedRefund(await refundOrder({ orderId: order.id, input: refund(1), actor }));
    expect(done.amountCents).toBe(90_000);
    expect(await ledgerLines("credit_note", done.creditNoteId)).toEqual([
      { position: 1, amountCents: -90_000 },
    ]);
  });
});
