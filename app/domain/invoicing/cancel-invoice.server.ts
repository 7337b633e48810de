import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { shopToday } from "~/lib/dates";
import { auditInvoice, lockInvoiceFor, type InvoiceActor } from "./invoice-changes.server";
import { cancellationNote } from "./invoice-transitions";

/**
 * Cancels a draft, with the reason added to its notes. The invoice stays, and its number with
 * it: a gapless series never loses a number; its page and PDF say it is cancelled. A sent or
 * paid invoice was issued and is refused (409): a credit note reduces it instead (VAT Act s21).
 */
export async function cancelInvoice(options: {
  invoiceId: number;
  reason: string;
  actor: InvoiceActor;
  now?: Date;
}) {
  const { invoiceId, reason, actor } = options;
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const invoice = await lockInvoiceFor(tx, invoiceId, "cancel");
    await tx
      .update(invoices)
      .set({
        status: "cancelled",
        cancelledAt: now,
        notes: cancellationNote(invoice.notes, shopToday(now), reason),
        updatedAt: now,
      })
      .where(eq(invoices.id, invoiceId));
    await auditInvoice(tx, {
      action: "invoice_cancelled",
      actor,
      number: invoice.number,
      details: { reason, from: invoice.status },
    });
    return { invoiceNumber: invoice.invoiceNumber };
  });
}
