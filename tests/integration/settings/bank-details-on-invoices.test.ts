import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { storeSettings, variants } from "~/db/schema";
import { orderInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import { updateBankDetails } from "~/domain/settings/update-settings.server";
import { signedIn } from "../admin/helpers";
import { issuedManualInvoice, paidOrder } from "../invoicing/invoice-fixtures";
import { addVariant, setUpShop } from "../orders/fixtures";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";

useTestDatabase();

let dataDir: string;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let sku: string;
let staff: { id: string; email: string };
let owner: { id: string; email: string; role: "owner" };

const BANK = {
  bankName: "FNB",
  bankAccountHolder: "Test Beds (Pty) Ltd",
  bankAccountNumber: "62012345678",
  bankBranchCode: "250655",
  bankAccountType: "Cheque",
};

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bank-details-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  shop = await setUpShop();
  const { variantId } = await addVariant(shop, { priceCents: 319_900, stock: 50 });
  const [row] = await db().select().from(variants).where(eq(variants.id, variantId));
  sku = row!.sku;
  const s = await signedIn("staff");
  staff = { id: s.user.id, email: s.user.email };
  const o = await signedIn("owner");
  owner = { id: o.user.id, email: o.user.email, role: "owner" };
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const pdfOf = async (invoiceId: number) => pdfToText((await renderInvoicePdf({ invoiceId })).pdf);

describe("the shop's bank details on invoices", () => {
  it("a hand-made invoice still to be paid prints them with its number as the reference; paid, it does not", async () => {
    const invoice = await issuedManualInvoice(staff, {
      "lines.0.sku": sku,
      "lines.0.quantity": "1",
      "lines.0.unitPrice": "",
    });
    expect(await pdfOf(invoice.id)).not.toContain("Pay by EFT");

    await updateBankDetails({ actor: owner, input: BANK });
    const text = await pdfOf(invoice.id);
    expect(text).toContain("Pay by EFT to:");
    expect(text).toContain("Bank: FNB");
    expect(text).toContain("Account holder: Test Beds (Pty) Ltd");
    expect(text).toContain("Account number: 62012345678");
    expect(text).toContain("Branch code: 250655");
    expect(text).toContain("Account type: Cheque");
    expect(text).toMatch(/Reference: INV-\d{6}/);

    await markInvoicePaid({ invoiceId: invoice.id, paymentReference: "FNB 1001", actor: staff });
    expect(await pdfOf(invoice.id)).not.toContain("Pay by EFT");
  });

  it("a web order's invoice (paid online) never prints them", async () => {
    const { order } = await paidOrder(shop, { priceCents: 99_900 });
    const issued = await orderInvoice(order.id);
    expect(issued).not.toBeNull();
    expect(await pdfOf(issued!.id)).not.toContain("Pay by EFT");
  });

  it("removed (all fields empty), no invoice prints them", async () => {
    await updateBankDetails({
      actor: owner,
      input: {
        bankName: "",
        bankAccountHolder: "",
        bankAccountNumber: "",
        bankBranchCode: "",
        bankAccountType: "",
      },
    });
    const [row] = await db().select().from(storeSettings);
    expect(row!.bankAccountNumber).toBe("");
    const invoice = await issuedManualInvoice(staff, {
      "lines.0.sku": sku,
      "lines.0.quantity": "1",
      "lines.0.unitPrice": "",
    });
    expect(await pdfOf(invoice.id)).not.toContain("Pay by EFT");
  });
});
