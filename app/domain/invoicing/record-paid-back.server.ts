import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { creditNotes, invoices } from "~/db/schema";
import { conflict, notFound } from "~/domain/errors";
import { recordInvoicePaidBackInLedger } from "~/domain/ledger/record-cash.server";
import { isDbId } from "~/lib/db-ids";
import { formatMoney } from "~/lib/money";
import { auditInvoice, type InvoiceActor } from "./invoice-changes.server";
import { formatCreditNoteNumber, formatInvoiceNumber } from "./invoice-number";
import { PAID_BACK_WORDS, type PaidBack } from "./refund-schemas";

/**
 * Records that a credit note's money, not paid back when the note was issued (a paid
 * hand-made invoice credited "not paid back yet"), has now gone back by hand: how, its
 * reference and when, and the ledger's cash row on that day. Refused (409) for a note that owes
 * nothing back or was paid back already; the note is locked, so two staff cannot both record it.
 */
export async function recordCreditNotePaidBack(options: {
  invoiceId: number;
  creditNoteId: number;
  paidBack: PaidBack;
  actor: InvoiceActor;
  now?: Date;
}) {
  const { invoiceId, creditNoteId, paidBack, actor } = options;
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const [note] = isDbId(creditNoteId)
      ? await tx
          .select({
            number: creditNotes.number,
            invoiceId: creditNotes.invoiceId,
            payBackDue: creditNotes.payBackDue,
            paidBackBy: creditNotes.paidBackBy,
            paidBackReference: creditNotes.paidBackReference,
            totalCents: creditNotes.totalCents,
          })
          .from(creditNotes)
          .where(eq(creditNotes.id, creditNoteId))
          .for("update")
      : [];
    if (!note || note.invoiceId !== invoiceId) throw notFound("This credit note does not exist.");
    const noteNumber = formatCreditNoteNumber(note.number);
    if (!note.payBackDue) {
      throw conflict(`${noteNumber} has no money to pay back: the invoice was not paid.`);
    }
    if (note.paidBackBy) {
      throw conflict(
        `${noteNumber} was paid back already, ${PAID_BACK_WORDS[note.paidBackBy]} (${note.paidBackReference}).`,
      );
    }
    await tx
      .update(creditNotes)
      .set({ paidBackBy: paidBack.by, paidBackReference: paidBack.reference, paidBackAt: now })
      .where(eq(creditNotes.id, creditNoteId));
    await recordInvoicePaidBackInLedger(tx, creditNoteId);
    const [invoice] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    await auditInvoice(tx, {
      action: "credit_note_paid_back",
      actor,
      number: invoice!.number,
      details: { creditNote: noteNumber, totalCents: note.totalCents, paidBack },
    });
    return {
      creditNoteNumber: noteNumber,
      invoiceNumber: formatInvoiceNumber(invoice!.number),
      amount: formatMoney(note.totalCents, { cents: true }),
      paidBack,
    };
  });
}
