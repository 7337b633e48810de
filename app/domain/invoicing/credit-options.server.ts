import { asc, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { creditNotes, invoiceLines, invoices } from "~/db/schema";
import { creditedSoFar, creditNotesFingerprint } from "./credited-so-far.server";
import { formatCreditNoteNumber } from "./invoice-number";
import { canDoInvoiceAction } from "./invoice-transitions";

/**
 * What a hand-made invoice's credit form offers: each line with how many can still be credited,
 * what is left of the invoice, and whether it was paid (then the money goes back by hand). Null
 * when it cannot be credited now: a draft, cancelled, a web order's, or credited in full.
 */
export async function invoiceCreditOptions(invoiceId: number) {
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice || invoice.orderId !== null || !canDoInvoiceAction(invoice.status, "credit")) {
    return null;
  }
  const [lines, credited, creditNotesSeen] = await Promise.all([
    db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.position)),
    creditedSoFar(invoiceId),
    creditNotesFingerprint(invoiceId),
  ]);
  const remainingCents = invoice.totalCents - credited.totalCents;
  if (remainingCents <= 0) return null;
  return {
    remainingCents,
    paid: invoice.status === "paid",
    /** The credit notes this form is given against: it posts them back (creditManualInvoice). */
    creditNotesSeen,
    lines: lines
      .filter((l) => l.unitPriceCents > 0)
      .map((l) => ({
        position: l.position,
        description: l.description,
        sku: l.sku,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        creditable: l.quantity - (credited.byPosition.get(l.position) ?? 0),
        /** Whether crediting it can take the goods back into stock. */
        stocked: l.warehouseId !== null,
      })),
  };
}

export type InvoiceCreditOptions = NonNullable<Awaited<ReturnType<typeof invoiceCreditOptions>>>;

/** An invoice's credit notes, oldest first, for its page. */
export async function listInvoiceCreditNotes(invoiceId: number) {
  const rows = await db()
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issueDate: creditNotes.issueDate,
      reason: creditNotes.reason,
      totalCents: creditNotes.totalCents,
      payBackDue: creditNotes.payBackDue,
      paidBackBy: creditNotes.paidBackBy,
      paidBackReference: creditNotes.paidBackReference,
      paidBackAt: creditNotes.paidBackAt,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.number), desc(creditNotes.id));
  return rows.map((r) => ({ ...r, creditNoteNumber: formatCreditNoteNumber(r.number) }));
}
