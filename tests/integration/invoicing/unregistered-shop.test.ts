import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { completedRefund } from "./invoice-fixtures";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoices, storeSettings, variants } from "~/db/schema";
import { creditNotePrint, getCreditNote } from "~/domain/invoicing/credit-note-document.server";
import {
  getInvoice,
  invoicePrint,
  renderInvoicePdf,
} from "~/domain/invoicing/invoice-document.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { signedIn } from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";
import { issuedManualInvoice, paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let actor: { id: string; email: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "unregistered-shop-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  shop = await setUpShop();
  // A shop below the VAT threshold: no VAT number in its settings.
  await db().update(storeSettings).set({ vatNumber: "" });
  actor = (await signedIn("staff")).user;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("a shop without a VAT number", () => {
  it("issues a web order a plain invoice: no tax invoice words, no VAT charged or shown", async () => {
    // Before, it issued a "Tax Invoice" with R84.65 of VAT from a shop not registered for VAT.
    const { order } = await paidOrder(shop, { priceCents: 35_000 });
    const [row] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(row).toMatchObject({ totalCents: 64_900, vatCents: 0 });
    const printed = invoicePrint(await getInvoice({ invoiceId: row!.id }));
    expect(printed.title).toBe("Invoice");
    expect(printed.subtitle).toBeUndefined();
    expect(printed.totals).toEqual([{ label: "Total", value: "R649.00", bold: true }]);
    expect(printed.footnote).toContain("Test Beds (Pty) Ltd is not registered for VAT");

    const { creditNoteId } = completedRefund(
      await refundOrder({
        orderId: order.id,
        input: {
          lines: [],
          amountCents: 10_000,
          reason: "Scratched",
          method: "eft",
          eftReference: "FNB 3",
          restock: false,
        },
        actor,
      }),
    );
    const note = await getCreditNote({ creditNoteId });
    expect(note.vatCents).toBe(0);
    const notePrint = creditNotePrint(note);
    expect(notePrint.subtitle).toBe(`Reduces invoice ${note.invoice.invoiceNumber}`);
    expect(notePrint.totals).toEqual([{ label: "Total credited", value: "R100.00", bold: true }]);
  });

  it("e-mails a hand-made one as an invoice, and its PDF says no VAT is charged", async () => {
    const { variantId } = await addVariant(shop, { priceCents: 120_000, stock: 5 });
    const [bed] = await db().select().from(variants).where(eq(variants.id, variantId));
    const created = await issuedManualInvoice(actor, {
      "lines.0.sku": bed!.sku,
      "lines.0.quantity": "1",
    });
    const invoice = await getInvoice({ invoiceId: created.id });
    expect(invoice.vatCents).toBe(0);
    // The outbox also holds the refund e-mail of the test before.
    const outbox = path.join(dataDir, "outbox");
    const mails = await Promise.all(
      (await fs.readdir(outbox)).map((name) => fs.readFile(path.join(outbox, name), "utf8")),
    );
    const raw = mails.find((m) => m.includes(`Subject: Invoice ${created.invoiceNumber}`)) ?? "";
    expect(raw).toContain(`Subject: Invoice ${created.invoiceNumber} from Test Beds`);
    expect(raw).not.toMatch(/tax invoice/i);
    const text = await pdfToText((await renderInvoicePdf({ invoiceId: created.id })).pdf);
    expect(text).toContain("Invoice");
    expect(text).not.toMatch(/Tax Invoice|VAT \(15%\)/);
    expect(text).toContain("not registered for VAT: no VAT is charged");
  });
});
