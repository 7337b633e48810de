import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders, payments } from "~/db/schema";
import { openRefund } from "./refund-writes.server";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import { formatMoney } from "~/lib/money";

/**
 * Money a provider approved that the shop cannot keep (it arrived after its order was
 * cancelled or expired, paid an order or a lay-by instalment already paid, or paid into a
 * cancelled lay-by) becomes a refund to make (docs/decisions/030): its amount reserved on that
 * payment, so it is held and shown to staff, who pay it back through the provider (the same
 * engine: "Pay it back through the provider") or by hand and record it. It is not asked of the
 * provider by itself: staff may first speak to the shopper. In the caller's transaction, which
 * recorded the payment as approved; `planId` names the lay-by it was paid into.
 */
export async function owePaymentBack(
  tx: Tx,
  options: { paymentId: number; planId?: number | null; now?: Date },
): Promise<{ refundId: number }> {
  const now = options.now ?? new Date();
  const [found] = await tx
    .select({ payment: payments, orderStatus: orders.status })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, options.paymentId));
  if (!found) throw new Error(`Payment ${options.paymentId} does not exist.`);
  const { payment } = found;
  const amount = formatMoney(payment.amountCents, { cents: true });
  const closed = found.orderStatus === "cancelled";
  const reason = closed
    ? "Received after the order was cancelled"
    : "Received for an order or instalment already paid";
  return openRefund(tx, {
    kind: options.planId ? "layby" : "payment",
    orderId: payment.orderId,
    planId: options.planId ?? null,
    method: "provider",
    provider: payment.provider,
    amountCents: payment.amountCents,
    reason,
    status: "awaiting_provider",
    failure: `${amount} ${reason.toLowerCase()}: pay it back through ${PROVIDER_NAMES[payment.provider]}, or by hand and record it.`,
    createdBy: "system",
    now,
    parts: [{ paymentId: payment.id, method: "provider", amountCents: payment.amountCents }],
  });
}
