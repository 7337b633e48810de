import { asc, eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { creditNoteLines, creditNotes } from "~/db/schema";
import { fingerprintOf } from "~/lib/fingerprint.server";

/**
 * What an invoice's credit notes have credited so far: money and VAT, the goods (at invoiced
 * prices) and the discount their lines took back, and how many of each invoice line (by position).
 */
export async function creditedSoFar(invoiceId: number, tx?: Tx) {
  const rows = await (tx ?? db())
    .select({
      noteId: creditNotes.id,
      totalCents: creditNotes.totalCents,
      vatCents: creditNotes.vatCents,
      position: creditNoteLines.invoiceLinePosition,
      sku: creditNoteLines.sku,
      quantity: creditNoteLines.quantity,
      lineTotalCents: creditNoteLines.lineTotalCents,
    })
    .from(creditNotes)
    .innerJoin(creditNoteLines, eq(creditNoteLines.creditNoteId, creditNotes.id))
    .where(eq(creditNotes.invoiceId, invoiceId));
  const notes = new Map<number, { totalCents: number; vatCents: number }>();
  const byPosition = new Map<number, number>();
  let goodsCents = 0;
  let discountCents = 0;
  for (const r of rows) {
    notes.set(r.noteId, { totalCents: r.totalCents, vatCents: r.vatCents });
    if (r.position !== null) {
      byPosition.set(r.position, (byPosition.get(r.position) ?? 0) + r.quantity);
      if (r.sku !== "" && r.lineTotalCents > 0) goodsCents += r.lineTotalCents;
    } else if (r.lineTotalCents < 0) {
      discountCents -= r.lineTotalCents;
    }
  }
  const sum = (key: "totalCents" | "vatCents") =>
    [...notes.values()].reduce((s, n) => s + n[key], 0);
  return {
    totalCents: sum("totalCents"),
    vatCents: sum("vatCents"),
    goodsCents,
    discountCents,
    byPosition,
  };
}

/** What a credit form is refused with when the invoice's credit notes moved since it was given. */
export const CREDIT_NOTES_CHANGED =
  "This invoice's credit notes changed since you opened the form: no credit note was issued. Read it again.";

/**
 * The invoice's credit notes as one fingerprint: the credit form carries it, so a form posted
 * twice (a second click, two tabs) finds the first one's note and is refused. Read with the
 * invoice's row locked when it decides.
 */
export async function creditNotesFingerprint(invoiceId: number, tx?: Tx) {
  const notes = await (tx ?? db())
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.id));
  return fingerprintOf(notes.map((n) => n.id));
}
