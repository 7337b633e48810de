import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { completedRefund } from "./invoice-fixtures";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { creditNotes, invoices, storeSettings, variants } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { creditManualInvoice } from "~/domain/invoicing/credit-manual-invoice.server";
import type { CreditInput } from "~/domain/invoicing/refund-schemas";
import { creditNotePrint, getCreditNote } from "~/domain/invoicing/credit-note-document.server";
import { issueCreditNote } from "~/domain/invoicing/issue-credit-note.server";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { addPromotion, addVariant, setUpShop } from "../orders/fixtures";
import { issuedManualInvoice, paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let actor: { id: string; email: string };
let dataDir: string;
let sku: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "credit-notes-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  actor = (await signedIn("staff")).user;
  const { variantId } = await addVariant(shop, { priceCents: 250_000, stock: 50 });
  sku = (await db().select().from(variants).where(eq(variants.id, variantId)))[0]!.sku;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const notesOf = (invoiceId: number) =>
  db().select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId));
const sum = (rows: { totalCents: number; vatCents: number }[]) => ({
  totalCents: rows.reduce((s, r) => s + r.totalCents, 0),
  vatCents: rows.reduce((s, r) => s + r.vatCents, 0),
});
const webInvoiceOf = async (orderId: number) =>
  (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!;
const eft = (over: Parameters<typeof refundOrder>[0]["input"]["lines"]) => ({
  lines: over,
  amountCents: null,
  reason: "Returned",
  method: "eft" as const,
  eftReference: "FNB 77",
  restock: false,
});

describe("a web order refunded in parts", () => {
  it("credits exactly the invoice's total and VAT once all is refunded (not a cent short)", async () => {
    // Three beds at R100 and delivery at R299: R599.00 with R78.13 VAT. Each bed's note
    // credits R13.04 of VAT: before, the notes came to R78.12.
    const { order } = await paidOrder(shop, { priceCents: 10_000, quantity: 3 });
    const invoice = await webInvoiceOf(order.id);
    expect(invoice).toMatchObject({ totalCents: 59_900, vatCents: 7_813 });
    for (let i = 0; i < 3; i++) {
      await refundOrder({ orderId: order.id, input: eft([{ position: 0, quantity: 1 }]), actor });
    }
    await refundOrder({ orderId: order.id, input: eft([{ position: 1, quantity: 1 }]), actor });
    expect(sum(await notesOf(invoice.id))).toEqual({ totalCents: 59_900, vatCents: 7_813 });
  });

  it("prints the seller on a credit note as on its own date, the invoice as on the invoice's", async () => {
    const { order } = await paidOrder(shop, { priceCents: 20_000 });
    await db().update(storeSettings).set({ legalName: "Test Beds Mahikeng (Pty) Ltd" });
    try {
      const { creditNoteId } = completedRefund(
        await refundOrder({
          orderId: order.id,
          input: { ...eft([]), amountCents: 5_000 },
          actor,
        }),
      );
      const note = await getCreditNote({ creditNoteId });
      expect(creditNotePrint(note).shop.legalName).toBe("Test Beds Mahikeng (Pty) Ltd");
      expect(note.invoice.seller.legalName).toBe("Test Beds (Pty) Ltd");
    } finally {
      await db().update(storeSettings).set({ legalName: "Test Beds (Pty) Ltd" });
    }
  });
});

describe("issueCreditNote", () => {
  it("never credits more than is left of a line or of the invoice, and takes no number then", async () => {
    const created = await issuedManualInvoice(actor, {
      "lines.0.sku": sku,
      "lines.0.quantity": "2",
    });
    const credit = (over: Partial<Parameters<typeof issueCreditNote>[1]>) =>
      db().transaction((tx) =>
        issueCreditNote(tx, {
          invoiceId: created.id,
          lines: [],
          amountCents: null,
          reason: "Returned",
          actor,
          now: new Date(),
          ...over,
        }),
      );
    const tooMany = await refusal(credit({ lines: [{ position: 0, quantity: 3 }] }));
    expect(tooMany).toMatchObject({ kind: "invalid", field: "qty.0" });
    const first = await credit({ lines: [{ position: 0, quantity: 1 }] });
    expect(first).toMatchObject({ totalCents: 250_000, vatCents: 32_609 });
    const lineUsed = await refusal(credit({ lines: [{ position: 0, quantity: 2 }] }));
    expect(lineUsed.message).toBe("Only 1 of this line can still be credited.");
    const overAmount = await refusal(credit({ amountCents: 250_001 }));
    expect(overAmount).toMatchObject({
      kind: "invalid",
      field: "amount",
      message: `At most R2,500.00 of ${created.invoiceNumber} can still be credited.`,
    });
    const last = await credit({ amountCents: 250_000 });
    expect(last.number).toBe(first.number + 1);
    expect(sum(await notesOf(created.id))).toEqual({ totalCents: 500_000, vatCents: 65_217 });
    expect((await refusal(credit({ amountCents: 1 }))).message).toBe(
      `${created.invoiceNumber} has been credited in full already.`,
    );
  });
});

describe("credit notes against a discounted invoice, one after another", () => {
  it("credit goods in several notes what they cost, and the last takes the rest of the discount", async () => {
    // Three pillows at R100 with R10 off (R290.00) and delivery R299. One at a time, each note
    // used to credit R96.67: R290.01 for goods that cost R290.00.
    await addPromotion({ code: "TENRAND", kind: "fixed", value: 1_000 });
    const { order } = await paidOrder(shop, {
      priceCents: 10_000,
      quantity: 3,
      overrides: { promoCode: "TENRAND" },
    });
    const invoice = await webInvoiceOf(order.id);
    expect(invoice.totalCents).toBe(58_900);
    const credit = (position: number) =>
      db().transaction((tx) =>
        issueCreditNote(tx, {
          invoiceId: invoice.id,
          lines: [{ position, quantity: 1 }],
          amountCents: null,
          reason: "Returned",
          actor,
          now: new Date(),
        }),
      );
    const pillows = [await credit(0), await credit(0), await credit(0)];
    expect(pillows.map((n) => n.totalCents)).toEqual([9_667, 9_666, 9_667]);
    expect(sum(pillows)).toMatchObject({ totalCents: 29_000 });
    const delivery = await credit(1);
    expect(delivery.fullyCredited).toBe(true);
    expect(sum(await notesOf(invoice.id))).toEqual({
      totalCents: invoice.totalCents,
      vatCents: invoice.vatCents,
    });
  });
});

describe("crediting a hand-made invoice", () => {
  const input = (over: Partial<CreditInput>): CreditInput => ({
    lines: [],
    amountCents: null,
    reason: "Damaged in delivery",
    paidBack: null,
    restock: false,
    ...over,
  });

  it("credits a paid one, recording how the money went back by hand", async () => {
    // Before, a paid hand-made invoice could never be credited.
    const created = await issuedManualInvoice(
      actor,
      { "lines.0.sku": sku, "lines.0.quantity": "1" },
      { paid: true },
    );
    const noPayBack = await refusal(
      creditManualInvoice({ invoiceId: created.id, input: input({ amountCents: 10_000 }), actor }),
    );
    expect(noPayBack).toMatchObject({ kind: "invalid", field: "paidBackBy" });
    const note = await creditManualInvoice({
      invoiceId: created.id,
      input: input({ amountCents: 10_000, paidBack: { by: "cash", reference: "Slip 42" } }),
      actor,
    });
    expect(note).toMatchObject({ totalCents: 10_000, vatCents: 1_304, amount: "R100.00" });
    const [row] = await notesOf(created.id);
    expect(row).toMatchObject({ paidBackBy: "cash", paidBackReference: "Slip 42" });
    expect((await getCreditNote({ creditNoteId: row!.id })).lines).toEqual([
      expect.objectContaining({
        description: "Refund: Damaged in delivery",
        lineTotalCents: 10_000,
      }),
    ]);
  });

  it("credits a sent one by lines with no money to pay back; credited in full, nothing is owed", async () => {
    const created = await issuedManualInvoice(actor, {
      "lines.0.sku": sku,
      "lines.0.quantity": "1",
      "lines.1.description": "Delivery to Mahikeng",
      "lines.1.quantity": "1",
      "lines.1.unitPrice": "450",
    });
    const note = await creditManualInvoice({
      invoiceId: created.id,
      input: input({
        lines: [
          { position: 0, quantity: 1 },
          { position: 1, quantity: 1 },
        ],
        paidBack: { by: "eft", reference: "ignored" },
      }),
      actor,
    });
    expect(note).toMatchObject({ totalCents: 295_000, fullyCredited: true, paidBack: null });
    const [row] = await notesOf(created.id);
    expect(row).toMatchObject({ paidBackBy: null, paidBackReference: "" });
    const paid = await refusal(
      markInvoicePaid({ invoiceId: created.id, paymentReference: "FNB 2", actor }),
    );
    expect(paid).toMatchObject({
      kind: "conflict",
      message: `${created.invoiceNumber} is credited in full: nothing is owed on it.`,
    });
  });

  it("refuses a draft, and a web order's invoice (refunded on the order's page)", async () => {
    const { order } = await paidOrder(shop, { priceCents: 30_000 });
    const web = await webInvoiceOf(order.id);
    const error = await refusal(
      creditManualInvoice({
        invoiceId: web.id,
        input: input({ amountCents: 100, paidBack: { by: "eft", reference: "X1" } }),
        actor,
      }),
    );
    expect(error.message).toMatch(/refund the order on its page/);
    expect(await notesOf(web.id)).toEqual([]);
  });
});
