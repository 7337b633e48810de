/** An invoice's number as buyers and SARS see it: INV-000001 (more digits past 999999). */
export function formatInvoiceNumber(number: number): string {
  return `INV-${String(number).padStart(6, "0")}`;
}

/** A credit note's number: CN-000001, a series of its own. */
export function formatCreditNoteNumber(number: number): string {
  return `CN-${String(number).padStart(6, "0")}`;
}

/** The number in "INV-000012" (or "inv12", "12"), or null when it is not one. */
export function parseInvoiceNumber(text: string): number | null {
  const match = /^\s*(?:inv-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
