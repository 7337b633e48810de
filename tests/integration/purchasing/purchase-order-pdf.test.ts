import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { renderPurchaseOrderPdf } from "~/domain/purchasing/purchase-order-pdf.server";
import { useTestDatabase } from "../../setup/database";
import {
  insertPurchaseOrder,
  insertSupplier,
  insertVariant,
  setUpPurchasing,
} from "./purchase-order-fixtures";

useTestDatabase();

/** The PDF's text as a reader copies it, with no-break spaces as plain ones. */
async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\u00a0/g, " ");
}

describe("a purchase order's PDF", () => {
  it("prints the shop, the supplier with every letter of a Venda name, the lines and totals", async () => {
    const shop = await setUpPurchasing();
    const supplier = await insertSupplier({
      name: "Ṱhalitshani Muḓau Bedding",
      contactPerson: "Ṱhalitshani Muḓau",
      email: "orders@muḓau.example",
      address: "12 Ṅwaṋati Street, Thohoyandou, 0950",
      phone: "015 962 0000",
    });
    const a = await insertVariant(shop, "Šibasa Pocket Spring Mattress");
    const b = await insertVariant(shop);
    const po = await insertPurchaseOrder({
      supplierId: supplier.id,
      status: "approved",
      lines: [
        { variantId: a.variantId, quantityOrdered: 4, unitCostCents: 250_050 },
        { variantId: b.variantId, quantityOrdered: 10, unitCostCents: 100_000 },
      ],
    });

    const rendered = await renderPurchaseOrderPdf({ purchaseOrderId: po.id });
    expect(rendered.filename).toBe("PO-0001.pdf");
    expect(rendered.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(rendered.pdf);
    expect(text).toContain("PO-0001");
    expect(text).toContain("Ṱhalitshani Muḓau");
    expect(text).toContain("12 Ṅwaṋati Street, Thohoyandou, 0950");
    expect(text).toContain("Test Beds (Pty) Ltd");
    expect(text).toContain(a.sku);
    expect(text).toContain("Šibasa Pocket Spring Mattress, Queen");
    expect(text).toContain("R2,500.50");
    expect(text).toContain("R10,002.00");
    // 4 × R2,500.50 + 10 × R1,000.00
    expect(text).toMatch(/Total cost \(VAT included\)\s*R20,002\.00/);
    expect(text).toMatch(/Total quantity\s*14/);
    expect(text).toContain("Approved");
  });
});
