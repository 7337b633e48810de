/** Prices are VAT-inclusive at 15%: the VAT in an amount is 15/115 of it. */
export const VAT_RATE_PERCENT = 15;

export type DeliveryMethod = "standard" | "express";
export type PaymentMethod = "card" | "payfast" | "payflex";

export type DeliveryRates = {
  freeDeliveryThresholdCents: number;
  standardDeliveryCents: number;
  expressDeliveryCents: number;
};

export type PromotionTerms = { kind: "percentage" | "fixed"; value: number };

export type OrderTotals = {
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  totalCents: number;
  vatCents: number;
};

/** The VAT included in a VAT-inclusive amount, rounded to the cent. */
export function vatIncludedCents(amountCents: number): number {
  return Math.round((amountCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));
}

/**
 * Standard delivery is free from the threshold up (on the subtotal before any discount, so the
 * cart's promise holds at checkout), else the standard fee; express always costs its fee.
 */
export function deliveryFeeCents(
  method: DeliveryMethod,
  subtotalCents: number,
  rates: DeliveryRates,
): number {
  if (method === "express") return rates.expressDeliveryCents;
  return standardDeliveryFeeCents(subtotalCents, rates);
}

/** Standard delivery: free from R2,000 (the threshold setting) up, else the standard fee. */
export function standardDeliveryFeeCents(
  subtotalCents: number,
  rates: Pick<DeliveryRates, "freeDeliveryThresholdCents" | "standardDeliveryCents">,
): number {
  return subtotalCents >= rates.freeDeliveryThresholdCents ? 0 : rates.standardDeliveryCents;
}

/** A percentage of the subtotal (rounded to the cent) or a fixed amount, never more than the subtotal. */
export function discountCents(subtotalCents: number, promotion: PromotionTerms | null): number {
  if (!promotion) return 0;
  const amount =
    promotion.kind === "percentage"
      ? Math.round((subtotalCents * promotion.value) / 100)
      : promotion.value;
  return Math.max(0, Math.min(amount, subtotalCents));
}

/** An order's money, worked out the one way the shop does it: total = subtotal - discount + delivery. */
export function orderTotals(input: {
  subtotalCents: number;
  deliveryMethod: DeliveryMethod;
  promotion: PromotionTerms | null;
  rates: DeliveryRates;
}): OrderTotals {
  const discount = discountCents(input.subtotalCents, input.promotion);
  const delivery = deliveryFeeCents(input.deliveryMethod, input.subtotalCents, input.rates);
  const total = input.subtotalCents - discount + delivery;
  return {
    subtotalCents: input.subtotalCents,
    discountCents: discount,
    deliveryCents: delivery,
    totalCents: total,
    vatCents: vatIncludedCents(total),
  };
}

/** How the shop names each payment method, everywhere (checkout, order page, e-mails, back office). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Credit or debit card",
  payfast: "PayFast instant EFT",
  payflex: "PayFlex",
};

export const DELIVERY_METHOD_LABELS: Record<DeliveryMethod, string> = {
  standard: "Standard delivery (3-7 business days)",
  express: "Express delivery (1-2 business days)",
};
