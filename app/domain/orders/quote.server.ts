import { and, eq, inArray } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { products, variants } from "~/db/schema";
import { priceCartLines, type CurrentCartLine } from "~/domain/cart/price-cart-lines.server";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { checkPromotion } from "./promotions.server";
import { orderTotals, type DeliveryMethod, type OrderTotals } from "./totals";

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

export type CheckoutQuote = {
  lines: CurrentCartLine[];
  problems: LineProblem[];
  totals: OrderTotals;
  promotion: { code: string; description: string } | null;
  promoMessage: string | null;
};

/**
 * What the checkout's summary shows: the cart priced by the database, stock problems, the
 * discount of a promotion code (or why it cannot be used), delivery and VAT. Placing the order
 * works the same numbers out again inside its transaction.
 */
export async function quoteCheckout(input: {
  lines: readonly RequestedLine[];
  deliveryMethod: DeliveryMethod;
  promoCode: string;
}): Promise<CheckoutQuote> {
  const requested = mergeLines(input.lines);
  const [current, settings] = await Promise.all([
    priceCartLines({ variantIds: requested.map((l) => l.variantId) }),
    getStoreSettings(),
  ]);
  const byId = new Map(current.map((c) => [c.variantId, c]));
  const problems: LineProblem[] = [];
  let subtotal = 0;
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
  }

  let promotion: CheckoutQuote["promotion"] = null;
  let promoMessage: string | null = null;
  let terms = null;
  if (input.promoCode) {
    const checked = await checkPromotion(input.promoCode, subtotal);
    if (checked.ok) {
      promotion = { code: checked.promotion.code, description: checked.promotion.description };
      terms = checked.promotion;
    } else {
      promoMessage = checked.message;
    }
  }
  return {
    lines: current,
    problems,
    totals: orderTotals({
      subtotalCents: subtotal,
      deliveryMethod: input.deliveryMethod,
      promotion: terms,
      rates: settings,
    }),
    promotion,
    promoMessage,
  };
}
