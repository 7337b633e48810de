import { db } from "~/db/client.server";
import { DomainError, conflict, invalid } from "~/domain/errors";
import { formatMoney } from "~/lib/money";
import type { CreditInput } from "./refund-schemas";
import { CREDIT_NOTES_CHANGED, creditNotesFingerprint } from "./credited-so-far.server";
import { auditInvoice, lockInvoiceFor, type InvoiceActor } from "./invoice-changes.server";
import { returnCreditedStock } from "./invoice-stock.server";
import { issueCreditNote } from "./issue-credit-note.server";

/**
 * Credits a hand-made invoice, sent or paid (VAT Act s21), by lines or by an amount: issues its
 * credit note and, when asked, takes credited catalogue goods back into the warehouse they left.
 * Money for a paid invoice goes back by hand (EFT, cash or a card refund at the till), recorded
 * with its reference as a cash row of the ledger, now or later ("not paid back yet"); a sent one
 * only owes less. A web order's invoice is credited by refunding the order.
 */
export async function creditManualInvoice(options: {
  invoiceId: number;
  input: CreditInput;
  actor: InvoiceActor;
  now?: Date;
}) {
  const { invoiceId, input, actor } = options;
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const invoice = await lockInvoiceFor(tx, invoiceId, "credit");
    if (invoice.orderId !== null) {
      throw conflict(
        `${invoice.invoiceNumber} is order #${invoice.orderNumber}'s: refund the order on its page, and its credit note is issued with the refund.`,
      );
    }
    // With the invoice locked: a form posted twice finds the first one's note here.
    if (
      input.creditNotesSeen !== undefined &&
      input.creditNotesSeen !== (await creditNotesFingerprint(invoiceId, tx))
    ) {
      throw new DomainError("conflict", CREDIT_NOTES_CHANGED, { title: "Credit Note Not Issued" });
    }
    const paid = invoice.status === "paid";
    if (paid && !input.paidBack) {
      throw invalid(
        "Say how the money was paid back (by EFT, in cash or by card at the till), or that it is not paid back yet.",
        "paidBackBy",
      );
    }
    const note = await issueCreditNote(tx, {
      invoiceId,
      lines: input.lines,
      amountCents: input.lines.length > 0 ? null : input.amountCents,
      reason: input.reason,
      actor,
      now,
      paidBack: paid ? input.paidBack : null,
    });
    if (input.expectedCents !== undefined && input.expectedCents !== note.totalCents) {
      throw conflict(
        `The credit note would come to ${formatMoney(note.totalCents, { cents: true })}, not the amount confirmed: check it and confirm again.`,
      );
    }
    const restocked = input.restock && input.lines.length > 0;
    if (restocked) {
      await returnCreditedStock(tx, {
        invoiceId,
        credited: note.lines,
        reference: note.creditNoteNumber,
        actor,
      });
    }
    await auditInvoice(tx, {
      action: "invoice_credited",
      actor,
      number: invoice.number,
      details: {
        creditNote: note.creditNoteNumber,
        totalCents: note.totalCents,
        vatCents: note.vatCents,
        reason: input.reason,
        restocked,
        ...(paid ? { paidBack: input.paidBack } : {}),
      },
    });
    return {
      ...note,
      paidBack: paid ? input.paidBack : null,
      amount: formatMoney(note.totalCents, { cents: true }),
    };
  });
}
