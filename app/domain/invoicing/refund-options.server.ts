import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { invoiceLines, invoices, orders, payments } from "~/db/schema";
import { isRefundable } from "~/domain/orders/payment-status";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import { providerByName } from "~/domain/payments/providers.server";
import { refundedSoFar } from "./refunded-so-far.server";

/**
 * What the order page's refund form offers for a paid order: each invoice line with how many
 * can still be refunded, what is left of the money, and whether the provider that took the
 * payment can pay it back now. Null when there is nothing to refund (unpaid, fully refunded,
 * or no invoice).
 */
export async function refundOptions(orderId: number) {
  const [order] = await db()
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || !isRefundable(order.paymentStatus)) return null;
  const [invoice] = await db()
    .select({ id: invoices.id, totalCents: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (!invoice) return null;
  const [lines, { refundedCents, credited }, [paid]] = await Promise.all([
    db()
      .select({
        position: invoiceLines.position,
        description: invoiceLines.description,
        sku: invoiceLines.sku,
        quantity: invoiceLines.quantity,
        unitPriceCents: invoiceLines.unitPriceCents,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position)),
    refundedSoFar(orderId),
    db()
      .select({ provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "approved")))
      .orderBy(asc(payments.id)),
  ]);
  const remainingCents = invoice.totalCents - refundedCents;
  if (remainingCents <= 0) return null;
  return {
    remainingCents,
    lines: lines
      .filter((l) => l.unitPriceCents > 0)
      .map((l) => ({ ...l, refundable: l.quantity - (credited.get(l.position) ?? 0) })),
    hasDiscount: lines.some((l) => l.unitPriceCents < 0),
    provider:
      paid && providerByName(paid.provider)
        ? { name: paid.provider, label: PROVIDER_NAMES[paid.provider] }
        : null,
  };
}

export type RefundOptions = NonNullable<Awaited<ReturnType<typeof refundOptions>>>;
