import { sendInstalmentReceipt } from "~/domain/layby/instalment-mail.server";
import { sendPaymentMails } from "~/domain/orders/order-mail.server";
import { ordersPaid } from "~/lib/metrics.server";
import { recordPaymentOutcome } from "./record-payment.server";
import type { PaymentOutcome } from "~/domain/payments/provider";

/**
 * Records a verified outcome and, when it paid an order, e-mails the shopper ("payment
 * received") and staff with Payment Confirmations on (new paid order). A lay-by instalment that
 * leaves more to pay sends the shopper a short receipt instead; the last one pays the order and
 * sends the usual mails. Mail failures are logged, never undo the payment.
 */
export async function applyPaymentOutcome(outcome: PaymentOutcome, siteUrl: string) {
  const recorded = await recordPaymentOutcome(outcome);
  if (recorded.result !== "paid" || !recorded.orderId) return recorded;
  if (recorded.layby?.result === "instalment_paid") {
    await sendInstalmentReceipt(recorded.orderId, recorded.layby, siteUrl);
    return recorded;
  }
  ordersPaid.inc();
  await sendPaymentMails(recorded.orderId, siteUrl);
  return recorded;
}
