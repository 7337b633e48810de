import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { creditNotes } from "~/db/schema";
import { formatCreditNoteNumber } from "./invoice-number";

/** The credit notes that reduce an invoice, oldest first, for its page in the back office. */
export async function listInvoiceCreditNotes(invoiceId: number) {
  const rows = await db()
    .select({
      id: creditNotes.id,
      number: creditNotes.number,
      issueDate: creditNotes.issueDate,
      totalCents: creditNotes.totalCents,
      vatCents: creditNotes.vatCents,
      reason: creditNotes.reason,
    })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.number));
  return rows.map((r) => ({ ...r, creditNoteNumber: formatCreditNoteNumber(r.number) }));
}

export type InvoiceCreditNote = Awaited<ReturnType<typeof listInvoiceCreditNotes>>[number];
