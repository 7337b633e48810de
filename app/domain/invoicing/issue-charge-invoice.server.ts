import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { invoices, orders } from "~/db/schema";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { formatMoney } from "~/lib/money";
import { invoiceAmounts } from "./invoice-amounts";
import { formatInvoiceNumber } from "./invoice-number";
import { insertPaidInvoice } from "./issue-order-invoice.server";
import { invoiceWord } from "~/domain/documents/seller";

/**
 * The invoice for the cancellation charge a cancelled lay-by keeps (CPA s62(4); docs/decisions/
 * 027): the charge is consideration the shop keeps, so a VAT vendor documents it with a tax
 * invoice (VAT Act s20) numbered in the one invoice series, and a shop without a VAT number
 * with a plain invoice and no VAT, as every invoice of such a shop. It is issued paid (the
 * charge is kept from what was paid) in the cancellation's transaction, belongs to the order
 * (so the order's pages and e-mails find it as they find a paid order's) and names its plan,
 * whose ledger row is the charge kept, not a sale of goods. Issued once: a second call answers
 * the first invoice.
 */
export async function issueLaybyChargeInvoice(
  tx: Tx,
  options: {
    orderId: number;
    planId: number;
    chargeCents: number;
    /** What the charge was worked on, in words ("1% of the price of the goods, R9,000.00"). */
    basis: string;
    now: Date;
  },
): Promise<{ invoiceId: number; number: number }> {
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.laybyPlanId, options.planId));
  if (existing) return { invoiceId: existing.id, number: existing.number };
  const [order] = await tx.select().from(orders).where(eq(orders.id, options.orderId));
  if (!order) throw new Error(`Order ${options.orderId} does not exist.`);
  const lines = [
    {
      description: `Lay-by cancellation charge, order #${order.number} (${options.basis})`,
      sku: "",
      variantId: null,
      quantity: 1,
      unitPriceCents: options.chargeCents,
      lineTotalCents: options.chargeCents,
    },
  ];
  const amounts = invoiceAmounts(lines);
  const { invoiceId, number, seller } = await insertPaidInvoice(tx, {
    order,
    lines,
    totalCents: amounts.totalCents,
    vatCents: amounts.vatCents,
    paymentReference: `Kept from lay-by payments, order #${order.number}`,
    notes: `The lay-by of order #${order.number} was cancelled: the charge of ${formatMoney(options.chargeCents, { cents: true })} is kept from what was paid (Consumer Protection Act s62(4)); the rest is refunded.`,
    laybyPlanId: options.planId,
    now: options.now,
  });
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: "invoice_issued",
    message: `${invoiceWord(seller)} ${formatInvoiceNumber(number)} issued for the lay-by cancellation charge.`,
    actor: "system",
    createdAt: options.now,
  });
  return { invoiceId, number };
}
