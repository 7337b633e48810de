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
