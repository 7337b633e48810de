import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orders } from "~/db/schema";
import { issueOrderInvoice } from "~/domain/invoicing/issue-order-invoice.server";
import { moveOrderPayment } from "~/domain/orders/order-events.server";
import { moveOrder } from "~/domain/orders/move-order.server";
import { sellOrderStock } from "~/domain/orders/order-stock.server";
import type { PaymentMethod } from "~/domain/orders/totals";
import { bookHeldDelivery } from "~/domain/delivery/delivery-holds.server";

/**
 * The order is paid in full, by one payment or by a lay-by plan's last instalment: the order is
 * marked paid and moves on to be delivered, its stock reservation becomes a sale and its tax
 * invoice (for the whole order) is issued and the delivery day it held is booked, all in the
 * caller's transaction with the order locked.
 */
export async function markOrderPaid(
  tx: Tx,
  options: {
    orderId: number;
    orderNumber: number;
    /** The method of the payment that completed it; unchanged when paid at the showroom. */
    method?: PaymentMethod;
    /** Our payment reference (or the showroom receipt's), on the invoice. */
    paymentReference: string;
    actor?: string;
    now?: Date;
  },
): Promise<void> {
  const now = options.now ?? new Date();
  await moveOrderPayment(tx, { orderId: options.orderId, to: "paid", now });
  await moveOrder(tx, {
    orderId: options.orderId,
    to: "to_deliver",
    actor: { id: null, email: options.actor ?? "system" },
    because: "paid in full",
    now,
  });
  await tx
    .update(orders)
    .set({ ...(options.method ? { paymentMethod: options.method } : {}), paidAt: now })
    .where(eq(orders.id, options.orderId));
  await sellOrderStock(tx, {
    orderId: options.orderId,
    reference: `Order ${options.orderNumber}`,
    ...(options.actor ? { actor: options.actor } : {}),
  });
  await issueOrderInvoice(tx, {
    orderId: options.orderId,
    paymentReference: options.paymentReference,
    now,
  });
  // The day held while it was paid becomes its booking (another, if it filled once the hold ended).
  await bookHeldDelivery(tx, { orderId: options.orderId, now });
}
