/** A purchase order's number as staff and suppliers see it: PO-0001 (more digits past 9999). */
export function formatPoNumber(number: number): string {
  return `PO-${String(number).padStart(4, "0")}`;
}

/** The number in "PO-0012" (or "12", "po-12"), or null when it is not one. */
export function parsePoNumber(text: string): number | null {
  const match = /^\s*(?:po-?)?0*(\d{1,9})\s*$/i.exec(text);
  if (!match) return null;
  const n = Number(match[1]);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}
