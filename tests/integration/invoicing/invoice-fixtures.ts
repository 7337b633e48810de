import type { refundOrder } from "~/domain/invoicing/refund-order.server";
import { manualInvoiceFormSchema } from "~/domain/invoicing/manual-invoice-schemas";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import { createManualInvoice } from "~/domain/invoicing/save-manual-invoice.server";
import { sendInvoice } from "~/domain/invoicing/send-invoice.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { parseForm } from "~/lib/forms";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { addVariant, checkout, type setUpShop } from "../orders/fixtures";

type Shop = Awaited<ReturnType<typeof setUpShop>>;

/** Places an order for `quantity` beds at `priceCents` and records its card payment approved. */
export async function paidOrder(
  shop: Shop,
  options: { priceCents: number; quantity?: number; overrides?: Parameters<typeof checkout>[1] },
) {
  const bed = await addVariant(shop, { priceCents: options.priceCents, stock: 10 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: options.quantity ?? 1 }], options.overrides),
  );
  const payment = await createPaymentAttempt(order, "card", "demo");
  const recorded = await recordPaymentOutcome({
    provider: "demo",
    reference: payment.reference,
    providerReference: `demo_${payment.reference}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  return { bed, order, payment, recorded };
}

/**
 * A hand-made invoice for a phone order, sent (issued) and, when asked, paid: `lines` as the
 * form posts them (`lines.0.sku`, ...). Sending writes to the outbox, so DATA_DIR must be set.
 */
export async function issuedManualInvoice(
  actor: { id: string; email: string },
  lines: Record<string, string>,
  options: { paid?: boolean } = {},
) {
  const parsed = parseForm(manualInvoiceFormSchema, {
    buyerName: "Kgosi Guest House",
    buyerEmail: "accounts@kgosi.example",
    ...lines,
  });
  if (!parsed.ok) throw new Error(`Refused: ${JSON.stringify(parsed.fieldErrors)}`);
  const created = await createManualInvoice({ input: parsed.data, actor });
  await sendInvoice({ invoiceId: created.id, actor });
  if (options.paid) {
    await markInvoicePaid({ invoiceId: created.id, paymentReference: "FNB 1001", actor });
  }
  return created;
}

/** A refund as completed, with its credit note (refundOrder may leave one awaiting). */
export function completedRefund(done: Awaited<ReturnType<typeof refundOrder>>) {
  if (done.status !== "completed") throw new Error(`The refund is ${done.status}: ${done.why}`);
  return done;
}
