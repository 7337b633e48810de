import type { BusinessDocument } from "~/domain/documents/business-document";
import { shopAddressLines, shopParty } from "~/domain/documents/business-document";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import {
  getPurchaseOrderDocument,
  type PurchaseOrderDocument,
} from "./purchase-order-document.server";
import { PURCHASE_ORDER_STATUS_LABELS } from "./purchase-order-status";

export type RenderedPurchaseOrder = { filename: string; poNumber: string; pdf: Buffer };

const money = (cents: number) => formatMoney(cents, { cents: true });

/** A purchase order as a PDF file named after its number (PO-0001.pdf). */
export async function renderPurchaseOrderPdf(options: {
  purchaseOrderId: number;
}): Promise<RenderedPurchaseOrder> {
  const document = await getPurchaseOrderDocument(options);
  // The PDF library (its layout engine, font parser and two React renderers) is loaded with the
  // first PDF a process makes, not when a process that may never make one starts.
  const { layOutDocument } = await import("~/domain/documents/document-pdf-layout.server");
  const pdf = await layOutDocument(purchaseOrderPrint(document));
  return { filename: `${document.poNumber}.pdf`, poNumber: document.poNumber, pdf };
}

/** The purchase order in the shop's one document layout. */
export function purchaseOrderPrint(po: PurchaseOrderDocument): BusinessDocument {
  const { shop, supplier } = po;
  const printedShop = { ...shop, addressLines: shopAddressLines(shop) };
  return {
    title: "Purchase Order",
    number: po.poNumber,
    shop: printedShop,
    parties: [
      shopParty(printedShop),
      {
        heading: "Supplier",
        lines: [
          supplier.name,
          ...(supplier.contactPerson ? [`Attention: ${supplier.contactPerson}`] : []),
          ...(supplier.address ? [supplier.address] : []),
          ...(supplier.phone ? [`Phone ${supplier.phone}`] : []),
          ...(supplier.email ? [supplier.email] : []),
        ],
      },
    ],
    facts: [
      { label: "PO number", value: po.poNumber },
      { label: "Order date", value: formatDay(po.orderDate) },
      { label: "Expected date", value: po.expectedDate ? formatDay(po.expectedDate) : "Not set" },
      { label: "Status", value: PURCHASE_ORDER_STATUS_LABELS[po.status] },
    ],
    columns: [
      { label: "SKU", width: "18%" },
      { label: "Product and size", width: "37%" },
      { label: "Quantity", width: "11%", align: "right" },
      { label: "Unit cost", width: "17%", align: "right" },
      { label: "Line total", width: "17%", align: "right" },
    ],
    rows: po.lines.map((line) => [
      line.sku,
      `${line.product}, ${line.size}`,
      String(line.quantityOrdered),
      money(line.unitCostCents),
      money(line.lineTotalCents),
    ]),
    totals: [
      { label: "Total quantity", value: String(po.totalQuantity) },
      { label: "Total cost (VAT included)", value: money(po.totalCostCents), bold: true },
    ],
    notes: po.notes || undefined,
    footnote: `All amounts are in South African rand and include VAT at ${VAT_RATE_PERCENT}%. Please quote ${po.poNumber} on your delivery note and invoice.`,
  };
}
