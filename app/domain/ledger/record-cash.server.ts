import { sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import {
  invoicePaidBackEntries,
  invoicePaymentEntries,
  laybyRefundPaidEntries,
  paymentEntries,
  refundPaidEntries,
  showroomPaymentEntries,
} from "./cash-statements";

/*
 * The ledger's cash rows, one call where money comes in or goes back, in that transaction. Each
 * reads the row it records and records it only in the state that moved money (approved, paid,
 * completed), once.
 */

/** An online payment, once its provider approved it (whatever became of the order). */
export async function recordPaymentInLedger(tx: Tx, paymentId: number) {
  await tx.execute(paymentEntries(sql`p.id = ${paymentId}`));
}

/** Money received into a lay-by at the showroom (one `layby_payments` row, any amount). */
export async function recordShowroomPaymentInLedger(tx: Tx, laybyPaymentId: number) {
  await tx.execute(showroomPaymentEntries(sql`lp.id = ${laybyPaymentId}`));
}

/** A hand-made invoice marked paid. */
export async function recordInvoicePaymentInLedger(tx: Tx, invoiceId: number) {
  await tx.execute(invoicePaymentEntries(sql`i.id = ${invoiceId}`));
}

/** Money paid back by hand for a credit note on a paid hand-made invoice, once recorded. */
export async function recordInvoicePaidBackInLedger(tx: Tx, creditNoteId: number) {
  await tx.execute(invoicePaidBackEntries(sql`cn.id = ${creditNoteId}`));
}

/**
 * Money paid back: a refund once completed (an order's, or a payment the shop could not keep),
 * or one paid part of a lay-by's refund. Answers whether this call recorded it.
 */
export async function recordRefundPaid(
  tx: Tx,
  refund: { refundId: number } | { laybyRefundPartId: number },
): Promise<boolean> {
  const result = await tx.execute(
    "refundId" in refund
      ? refundPaidEntries(sql`r.id = ${refund.refundId}`)
      : laybyRefundPaidEntries(sql`rp.id = ${refund.laybyRefundPartId}`),
  );
  return result.rows.length > 0;
}
