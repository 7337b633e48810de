import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { invoiceLines, invoices, orders, payments, refunds } from "~/db/schema";
import { providerByName } from "~/domain/payments/providers.server";

const PROVIDER_LABELS: Record<string, string> = {
  demo: "the demo gateway",
  payfast: "PayFast",
  payflex: "PayFlex",
};

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
  if (order?.paymentStatus !== "paid") return null;
  const [invoice] = await db()
    .select({ id: invoices.id, totalCents: invoices.totalCents })
    .from(invoices)
    .where(eq(invoices.orderId, orderId));
  if (!invoice) return null;
  const [lines, earlier, [paid]] = await Promise.all([
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
    db()
      .select({ amountCents: refunds.amountCents, lines: refunds.lines })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ["pending", "completed"]))),
    db()
      .select({ provider: payments.provider })
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "approved")))
      .orderBy(asc(payments.id)),
  ]);
  const credited = new Map<number, number>();
  for (const r of earlier) {
    for (const l of r.lines) credited.set(l.position, (credited.get(l.position) ?? 0) + l.quantity);
  }
  const remainingCents = invoice.totalCents - earlier.reduce((s, r) => s + r.amountCents, 0);
  if (remainingCents <= 0) return null;
  return {
    remainingCents,
    lines: lines
      .filter((l) => l.unitPriceCents > 0)
      .map((l) => ({ ...l, refundable: l.quantity - (credited.get(l.position) ?? 0) })),
    hasDiscount: lines.some((l) => l.unitPriceCents < 0),
    provider:
      paid && providerByName(paid.provider)
        ? { name: paid.provider, label: PROVIDER_LABELS[paid.provider] ?? paid.provider }
        : null,
  };
}

export type RefundOptions = NonNullable<Awaited<ReturnType<typeof refundOptions>>>;
