import { vatIncludedCents } from "~/domain/orders/totals";

/**
 * Above this total (VAT included) a tax invoice must name the buyer: their name, address and
 * VAT number if they have one (VAT Act s20(4)); at or below it an abridged one will do (s20(5)).
 */
export const FULL_TAX_INVOICE_ABOVE_CENTS = 500_000;

export type InvoiceAmounts = {
  totalCents: number;
  /** The VAT included in the total, worked out once for the whole invoice, to the cent. */
  vatCents: number;
  /** The total less its VAT: the two always add up to the total. */
  netCents: number;
  /** A full tax invoice (total above R5,000), else an abridged one. */
  full: boolean;
};

/**
 * An invoice's or credit note's money from its lines (VAT-inclusive amounts; a discount line is
 * negative). The VAT is taken once from the total, never summed from rounded line VAT, so VAT
 * and net add up to the total on every document.
 */
export function invoiceAmounts(lines: { lineTotalCents: number }[]): InvoiceAmounts {
  const totalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const vatCents = vatIncludedCents(totalCents);
  return {
    totalCents,
    vatCents,
    netCents: totalCents - vatCents,
    full: totalCents > FULL_TAX_INVOICE_ABOVE_CENTS,
  };
}

/**
 * A credit note's VAT: 15/115 of what it credits, to the cent, kept within the VAT the invoice's
 * earlier notes left (none when the invoice charged none); the note that credits what is left
 * of the invoice takes what is left of its VAT, so an invoice's notes credit its VAT exactly.
 */
export function creditNoteVatCents(options: {
  totalCents: number;
  invoice: { totalCents: number; vatCents: number };
  creditedBefore: { totalCents: number; vatCents: number };
}): number {
  const { totalCents, invoice, creditedBefore } = options;
  const leftTotal = invoice.totalCents - creditedBefore.totalCents;
  const leftVat = invoice.vatCents - creditedBefore.vatCents;
  if (totalCents >= leftTotal) return leftVat;
  const own = invoice.vatCents === 0 ? 0 : vatIncludedCents(totalCents);
  // Never more than is left, nor so little that the rest of the invoice could not carry it.
  return Math.max(0, Math.min(leftVat, own, totalCents), leftVat - (leftTotal - totalCents));
}
