import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/payments/payments.server";
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
