import { sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import {
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

/** A lay-by instalment paid at the showroom. */
export async function recordShowroomPaymentInLedger(tx: Tx, instalmentId: number) {
  await tx.execute(showroomPaymentEntries(sql`n.id = ${instalmentId}`));
}

/** A hand-made invoice marked paid. */
export async function recordInvoicePaymentInLedger(tx: Tx, invoiceId: number) {
  await tx.execute(invoicePaymentEntries(sql`i.id = ${invoiceId}`));
}

/** Money paid back: an order's refund, or a cancelled lay-by's (online or cash at the showroom). */
export async function recordRefundPaid(
  tx: Tx,
  refund: { refundId: number } | { laybyRefundId: number },
) {
  await tx.execute(
    "refundId" in refund
      ? refundPaidEntries(sql`r.id = ${refund.refundId}`)
      : laybyRefundPaidEntries(sql`r.id = ${refund.laybyRefundId}`),
  );
}
