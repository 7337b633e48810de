import { and, eq, inArray } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { products, variants } from "~/db/schema";
import { priceCartLines, type CurrentCartLine } from "~/domain/cart/price-cart-lines.server";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { deliveryTermsFor } from "~/domain/delivery/active-zones.server";
import type { DeliveryTerms } from "~/domain/delivery/delivery-terms";
import type { ZoneAddress } from "~/domain/delivery/match-zone";
import { deliveryDayChoices, type DayChoice } from "~/domain/delivery/shopper-delivery.server";
import { checkPromotion, freeOrderMessage } from "./promotions.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { addOnCharges, NO_ADD_ONS, type AddOnChoice, type AddOnCharges } from "./add-ons";
import { standardDeliveryFeeCents } from "./standard-delivery";
import { expressOffered, orderTotals, type DeliveryMethod, type OrderTotals } from "./totals";

export type RequestedLine = { variantId: number; quantity: number };

/** A line as the shop sells it now, priced by the database. */
export type PricedLine = {
  variantId: number;
  productId: number;
  title: string;
  size: string;
  sku: string;
  unitPriceCents: number;
  originalPriceCents: number | null;
  quantity: number;
  lineTotalCents: number;
};

export type LineProblem = { variantId: number; problem: "not_sold" | "short"; available: number };

/** Merges repeated variants (a cart never has them, a hand-made request might). */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const merged = new Map<number, number>();
  for (const l of lines) merged.set(l.variantId, (merged.get(l.variantId) ?? 0) + l.quantity);
  return [...merged].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/** Today's price of each requested line; variants no longer sold are left out and named. */
export async function priceLines(
  lines: readonly RequestedLine[],
  executor: Tx | Db = db(),
): Promise<{ priced: PricedLine[]; notSold: number[] }> {
  const ids = lines.map((l) => l.variantId);
  const rows = ids.length
    ? await executor
        .select({
          variantId: variants.id,
          productId: products.id,
          title: products.title,
          size: variants.size,
          sku: variants.sku,
          priceCents: variants.priceCents,
          originalPriceCents: variants.originalPriceCents,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(and(inArray(variants.id, ids), eq(products.status, "active")))
    : [];
  const byId = new Map(rows.map((r) => [r.variantId, r]));
  const priced: PricedLine[] = [];
  const notSold: number[] = [];
  for (const line of lines) {
    const row = byId.get(line.variantId);
    if (!row) {
      notSold.push(line.variantId);
      continue;
    }
    priced.push({
      variantId: row.variantId,
      productId: row.productId,
      title: row.title,
      size: SIZE_LABELS[row.size],
      sku: row.sku,
      unitPriceCents: row.priceCents,
      originalPriceCents: row.originalPriceCents,
      quantity: line.quantity,
      lineTotalCents: row.priceCents * line.quantity,
    });
  }
  return { priced, notSold };
}

/** Delivery as the summary and the delivery options show it, for the address given so far. */
export type DeliveryQuote = {
  /** No zone covers the address: the shop quotes delivery (the totals leave it out). */
  quoted: boolean;
  /** The zone that covers the address; null for the shop's own rates (or quoted). */
  zone: { id: number; name: string } | null;
  /** The method priced: standard when express was asked for where none is offered. */
  method: DeliveryMethod;
  /** Standard delivery's fee for this subtotal (0: free); null when quoted. */
  standardCents: number | null;
  /** Express's fee; null when quoted or the zone offers no express. */
  expressCents: number | null;
  /** From which subtotal standard is free; null when it never is. */
  freeFromCents: number | null;
  /** The next days the zone's truck can bring the method chosen; empty without a zone. */
  days: DayChoice[];
};

/** Rates that charge nothing, for an address whose delivery the shop has yet to quote. */
const NOTHING_YET = {
  standardDeliveryCents: 0,
  freeDeliveryThresholdCents: null,
  expressDeliveryCents: null,
} as const;

export type CheckoutQuote = {
  lines: CurrentCartLine[];
  problems: LineProblem[];
  totals: OrderTotals;
  delivery: DeliveryQuote;
  promotion: { code: string; description: string } | null;
  promoMessage: string | null;
  /** Each delivery add-on's fee today, as checkout offers it (docs/decisions/046). */
  addOnFees: AddOnCharges;
};

/** The delivery options at these terms for a subtotal, and which method can be priced. */
export function deliveryQuote(
  terms: DeliveryTerms,
  method: DeliveryMethod,
  subtotalCents: number,
): DeliveryQuote {
  if (terms.quoted) {
    return {
      quoted: true,
      zone: null,
      method: "standard",
      standardCents: null,
      expressCents: null,
      freeFromCents: null,
      days: [],
    };
  }
  const express = expressOffered(terms.rates);
  return {
    quoted: false,
    zone: terms.zone ? { id: terms.zone.id, name: terms.zone.name } : null,
    method: method === "express" && express ? "express" : "standard",
    standardCents: standardDeliveryFeeCents(subtotalCents, terms.rates),
    expressCents: terms.rates.expressDeliveryCents,
    freeFromCents: terms.rates.freeDeliveryThresholdCents,
    days: [],
  };
}

/**
 * What the checkout's summary shows: the cart priced by the database, stock problems, the
 * discount of a promotion code (or why it cannot be used, by every rule placing the order
 * checks), delivery, the add-ons and VAT. Placing the order works the same numbers out again
 * inside its transaction.
 */
export async function quoteCheckout(input: {
  lines: readonly RequestedLine[];
  deliveryMethod: DeliveryMethod;
  promoCode: string;
  /** The delivery add-ons ticked so far; none when left out. */
  addOns?: AddOnChoice;
  /** Where the goods go, as far as the shopper has said; none prices at the shop's own rates. */
  address?: ZoneAddress;
  /** The signed-in shopper asking (a code for one use per customer is theirs); none: a guest. */
  signedInUserId?: string | null;
}): Promise<CheckoutQuote> {
  const requested = mergeLines(input.lines);
  const [current, terms, settings] = await Promise.all([
    priceCartLines({ variantIds: requested.map((l) => l.variantId) }),
    deliveryTermsFor(input.address ?? { postalCode: "", town: "" }),
    getStoreSettings(),
  ]);
  const byId = new Map(current.map((c) => [c.variantId, c]));
  const problems: LineProblem[] = [];
  let subtotal = 0;
  const goods: { variantId: number; lineTotalCents: number }[] = [];
  for (const line of requested) {
    const now = byId.get(line.variantId);
    if (!now?.sold) {
      problems.push({ variantId: line.variantId, problem: "not_sold", available: 0 });
      continue;
    }
    if (now.available < line.quantity) {
      problems.push({ variantId: line.variantId, problem: "short", available: now.available });
    }
    subtotal += now.priceCents * line.quantity;
    goods.push({ variantId: line.variantId, lineTotalCents: now.priceCents * line.quantity });
  }

  let promotion: CheckoutQuote["promotion"] = null;
  let promoMessage: string | null = null;
  let promotionTerms = null;
  if (input.promoCode) {
    const checked = await checkPromotion(input.promoCode, goods, {
      signedInUserId: input.signedInUserId,
    });
    if (checked.ok) {
      promotion = { code: checked.promotion.code, description: checked.promotion.description };
      promotionTerms = checked.terms;
    } else {
      promoMessage = checked.message;
    }
  }
  const delivery = deliveryQuote(terms, input.deliveryMethod, subtotal);
  if (delivery.zone) {
    delivery.days = await deliveryDayChoices({ zoneId: delivery.zone.id, kind: delivery.method });
  }
  const totalsWith = (withPromotion: typeof promotionTerms) =>
    orderTotals({
      subtotalCents: subtotal,
      deliveryMethod: delivery.method,
      promotion: withPromotion,
      // Quoted: the goods' total; the shop adds delivery when it quotes.
      rates: terms.quoted ? NOTHING_YET : terms.rates,
      // Add-ons are priced at checkout, quoted delivery or not.
      addOns: addOnCharges(input.addOns ?? NO_ADD_ONS, settings),
    });
  let totals = totalsWith(promotionTerms);
  // A code that would make the order free is refused as placing the order refuses it.
  if (promotion && totals.totalCents === 0 && !terms.quoted) {
    promoMessage = freeOrderMessage(promotion.code);
    promotion = null;
    totals = totalsWith(null);
  }
  return {
    lines: current,
    problems,
    totals,
    delivery,
    promotion,
    promoMessage,
    addOnFees: addOnCharges({ removal: true, assembly: true }, settings),
  };
}
