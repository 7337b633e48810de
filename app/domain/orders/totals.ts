/** Prices are VAT-inclusive at 15%: the VAT in an amount is 15/115 of it. */
export const VAT_RATE_PERCENT = 15;

export type DeliveryMethod = "standard" | "express";
/** How the shopper pays: the payment adapters' own word for it (~/domain/payments/provider). */
export type { PaymentMethod } from "~/domain/payments/provider";
import type { PaymentMethod } from "~/domain/payments/provider";
import { addOnsTotalCents, type AddOnCharges } from "./add-ons";
import { standardDeliveryFeeCents } from "./standard-delivery";

/**
 * What delivery costs where the goods go: the matched delivery zone's rates, or the shop's own
 * (docs/decisions/035). A null threshold is never free; a null express fee offers no express.
 */
export type DeliveryRates = {
  freeDeliveryThresholdCents: number | null;
  standardDeliveryCents: number;
  expressDeliveryCents: number | null;
};

/**
 * A promotion's value, and what its qualifying lines come to when it is limited to some goods
 * (docs/decisions/042): the discount is then a percentage of those lines, or a fixed amount
 * capped at their total. Without it the whole subtotal qualifies.
 */
export type PromotionTerms = {
  kind: "percentage" | "fixed";
  value: number;
  qualifyingCents?: number;
  /** Which of the order's lines (in their order) the promotion is for; none said: all. */
  qualifyingLines?: readonly boolean[];
};

export type OrderTotals = {
  subtotalCents: number;
  discountCents: number;
  deliveryCents: number;
  /** The delivery add-ons chosen (docs/decisions/046); 0 when not. */
  removalCents: number;
  assemblyCents: number;
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
 * Callers offer express only where it has a fee (`expressOffered`).
 */
export function deliveryFeeCents(
  method: DeliveryMethod,
  subtotalCents: number,
  rates: DeliveryRates,
): number {
  if (method === "express") {
    if (rates.expressDeliveryCents === null) throw new Error("Express is not offered here.");
    return rates.expressDeliveryCents;
  }
  return standardDeliveryFeeCents(subtotalCents, rates);
}

/** Whether express delivery is offered at these rates. */
export function expressOffered(rates: DeliveryRates): boolean {
  return rates.expressDeliveryCents !== null;
}

/**
 * A percentage of the qualifying goods (rounded to the cent) or a fixed amount, never more than
 * they come to; without limits the goods are the whole subtotal.
 */
export function discountCents(subtotalCents: number, promotion: PromotionTerms | null): number {
  if (!promotion) return 0;
  const base = Math.min(promotion.qualifyingCents ?? subtotalCents, subtotalCents);
  const amount =
    promotion.kind === "percentage" ? Math.round((base * promotion.value) / 100) : promotion.value;
  return Math.max(0, Math.min(amount, base));
}

/**
 * Each line's share of an order's discount (docs/decisions/042): spread over the lines the
 * promotion was for, by what they cost, each its share rounded down and the dearest of them
 * (the first, when several cost the same) the cents left over, so the shares add up to the
 * discount. Lines it was not for get nothing; when
 * none is marked (or those marked cost nothing), every line shares it.
 */
export function lineDiscounts(
  discount: number,
  lines: readonly { lineTotalCents: number; qualifies: boolean }[],
): number[] {
  const weightOf = (l: (typeof lines)[number]) => Math.max(l.lineTotalCents, 0);
  const marked = lines.some((l) => l.qualifies && weightOf(l) > 0);
  const shares = lines.map((l) => ((marked ? l.qualifies : true) ? weightOf(l) : 0));
  const base = shares.reduce((sum, w) => sum + w, 0);
  if (discount <= 0 || base === 0) return lines.map(() => 0);
  const amount = Math.min(discount, base);
  const floors = shares.map((w) => Math.floor((amount * w) / base));
  const dearest = shares.indexOf(Math.max(...shares));
  floors[dearest]! += amount - floors.reduce((sum, f) => sum + f, 0);
  return floors;
}

/**
 * An order's money, worked out the one way the shop does it: total = subtotal - discount +
 * delivery + add-ons. The free-delivery threshold and a discount are on the goods only: the
 * add-ons neither make delivery free nor are discounted (docs/decisions/046).
 */
export function orderTotals(input: {
  subtotalCents: number;
  deliveryMethod: DeliveryMethod;
  promotion: PromotionTerms | null;
  rates: DeliveryRates;
  /** The add-ons' charges, already at the shop's fees (`addOnCharges`). */
  addOns: AddOnCharges;
}): OrderTotals {
  const discount = discountCents(input.subtotalCents, input.promotion);
  const delivery = deliveryFeeCents(input.deliveryMethod, input.subtotalCents, input.rates);
  const total = input.subtotalCents - discount + delivery + addOnsTotalCents(input.addOns);
  return {
    subtotalCents: input.subtotalCents,
    discountCents: discount,
    deliveryCents: delivery,
    removalCents: input.addOns.removalCents,
    assemblyCents: input.addOns.assemblyCents,
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
