import { getPurchaseOrderDocument } from "./purchase-order-document.server";

export type RenderedPurchaseOrder = { filename: string; poNumber: string; pdf: Buffer };

/** A purchase order as a PDF file named after its number (PO-0001.pdf). */
export async function renderPurchaseOrderPdf(options: {
  purchaseOrderId: number;
}): Promise<RenderedPurchaseOrder> {
  const document = await getPurchaseOrderDocument(options);
  // The PDF library (its layout engine, font parser and two React renderers) is loaded with the
  // first PDF a process makes, not when a process that may never make one starts.
  const { layOutPurchaseOrder } = await import("./purchase-order-pdf-layout.server");
  const pdf = await layOutPurchaseOrder(document);
  return { filename: `${document.poNumber}.pdf`, poNumber: document.poNumber, pdf };
}
