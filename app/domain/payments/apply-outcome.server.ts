import { sendPaymentMails } from "~/domain/orders/order-mail.server";
import { ordersPaid } from "~/lib/metrics.server";
import { recordPaymentOutcome } from "./payments.server";
import type { PaymentOutcome } from "./provider";

/**
 * Records a verified outcome and, when it paid an order, e-mails the shopper ("payment
 * received") and staff with Payment Confirmations on (new paid order). Mail failures are logged,
 * never undo the payment.
 */
export async function applyPaymentOutcome(outcome: PaymentOutcome, siteUrl: string) {
  const recorded = await recordPaymentOutcome(outcome);
  if (recorded.result === "paid") ordersPaid.inc();
  if (recorded.result === "paid" && recorded.orderId) {
    await sendPaymentMails(recorded.orderId, siteUrl);
  }
  return recorded;
}
