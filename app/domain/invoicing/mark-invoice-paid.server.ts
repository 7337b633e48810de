import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { recordInvoicePaymentInLedger } from "~/domain/ledger/record-cash.server";
import { conflict } from "~/domain/errors";
import { creditedSoFar } from "./credited-so-far.server";
import { auditInvoice, lockInvoiceFor, type InvoiceActor } from "./invoice-changes.server";

/**
 * Records the payment of a sent invoice (overdue or not) with its reference, as the bank shows
 * it; a draft, a paid or a cancelled invoice is refused (409), and so is one its credit notes
 * reduced to nothing: nothing is owed on it. What the buyer paid is its total less those credit
 * notes (all issued while it was unpaid), and that is the ledger's money in.
 */
export async function markInvoicePaid(options: {
  invoiceId: number;
  paymentReference: string;
  actor: InvoiceActor;
  now?: Date;
}) {
  const { invoiceId, paymentReference, actor } = options;
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const invoice = await lockInvoiceFor(tx, invoiceId, "mark_paid");
    const credited = await creditedSoFar(invoiceId, tx);
    if (credited.totalCents >= invoice.totalCents) {
      throw conflict(`${invoice.invoiceNumber} is credited in full: nothing is owed on it.`);
    }
    const receivedCents = invoice.totalCents - credited.totalCents;
    await tx
      .update(invoices)
      .set({ status: "paid", paidAt: now, paymentReference, updatedAt: now })
      .where(eq(invoices.id, invoiceId));
    await recordInvoicePaymentInLedger(tx, invoiceId);
    await auditInvoice(tx, {
      action: "invoice_paid",
      actor,
      number: invoice.number,
      details: { paymentReference, totalCents: invoice.totalCents, receivedCents },
    });
    return { invoiceNumber: invoice.invoiceNumber, totalCents: invoice.totalCents, receivedCents };
  });
}
