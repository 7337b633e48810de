import type { InvoiceSeller } from "~/db/schema";

/** The shop as every document prints it: as an invoice keeps it. */
export type DocumentShop = InvoiceSeller;

/**
 * A document the shop prints (a purchase order, a tax invoice, a credit note, a run sheet, a
 * delivery note), as text ready to
 * lay out: the PDF (document-pdf-layout.server.tsx) and the back office's view draw the same.
 */
export type BusinessDocument = {
  title: string;
  number: string;
  /** A line under the number: "Abridged", "Cancelled". */
  subtitle?: string;
  shop: DocumentShop;
  /** Blocks side by side: "From", "Bill to", "Supplier"; the first line of each is bold. */
  parties: { heading: string; lines: string[] }[];
  facts: { label: string; value: string }[];
  /** `sign`: the column's cells are left blank above a line to sign on (a run sheet's stops). */
  columns: { label: string; width: string; align?: "right"; sign?: boolean }[];
  rows: string[][];
  totals: { label: string; value: string; bold?: boolean }[];
  notes?: string;
  /** Lines to sign on, under the totals: "Received by", "Signature", "Date" (a delivery note). */
  signatures?: string[];
  footnote: string;
};

/** The shop's address and contact as the "From" block of a document. */
export function shopParty(shop: DocumentShop): { heading: string; lines: string[] } {
  return {
    heading: "From",
    lines: [shop.storeName, ...shop.addressLines, `Phone ${shop.phone}`, shop.email],
  };
}

/** The shop's address as lines, from its settings. */
export function shopAddressLines(s: {
  streetAddress: string;
  town: string;
  province: string;
  postalCode: string;
}): string[] {
  return [s.streetAddress, `${s.town}, ${s.province}, ${s.postalCode}`];
}
