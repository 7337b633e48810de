import type { products, variants } from "~/db/schema";
import type { SeedProduct, SeedVariant, Size } from "./catalog/seed-product";
import { STORE_SETTINGS } from "./store-settings-data";

/** Turns the merchandiser's catalogue (Rand, percent off) into table rows (cents). */

const SIZE_CODES: Record<Size, string> = {
  single: "SGL",
  "three-quarter": "TQ",
  double: "DBL",
  queen: "QN",
  king: "KG",
  "super-king": "SK",
};

const DAY_MS = 24 * 60 * 60 * 1000;
const LAYBY_FROM_RAND = 1500;
const FREE_DELIVERY_FROM_RAND = 2000;

export function variantSku(product: SeedProduct, size: Size) {
  return `${product.sku}-${SIZE_CODES[size]}`;
}

/** The price before the discount, ending in 49 or 99 as shop tickets do. */
export function originalPrice(price: number, percentOff: number): number {
  return Math.round(price / (1 - percentOff / 100) / 50) * 50 - 1;
}

/** A stable number from a text, so the demo data comes out the same every time. */
function stableHash(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 100_003;
  return hash;
}

/** Cost price: 55-65% of the selling price, in whole Rand. */
export function costPrice(price: number, sku: string): number {
  return Math.round((price * (55 + (stableHash(sku) % 11))) / 100);
}

/**
 * Merchandising order: best sellers first, then the rest in catalogue order; all ahead of
 * products staff add later (default rank 1000).
 */
export function featuredRanks(list: readonly SeedProduct[]): number[] {
  let bestSellers = 0;
  let others = 0;
  return list.map((p) => (p.isBestSeller ? 10 * ++bestSellers : 100 + 10 * ++others));
}

export function productRow(
  product: SeedProduct,
  index: number,
  ids: { categoryId: number; brandId: number | null; featuredRank: number },
  now: Date,
): typeof products.$inferInsert {
  const cheapest = Math.min(...product.variants.map((v) => v.price));
  const town = STORE_SETTINGS.town;
  // New lines arrived in the last fortnight; the rest over the past year, so "Newest" sorts.
  const daysAgo = product.isNew ? 2 + (index % 12) : 30 + index * 5;
  const createdAt = new Date(now.getTime() - daysAgo * DAY_MS);
  return {
    slug: product.slug,
    title: product.title,
    description: product.description,
    type: product.type,
    categoryId: ids.categoryId,
    brandId: ids.brandId,
    badge: product.badge ?? null,
    status: product.status ?? "active",
    isNew: product.isNew ?? false,
    laybyText:
      cheapest >= LAYBY_FROM_RAND ? "Lay-by available from R600 deposit over 6 months" : "",
    deliveryText:
      cheapest >= FREE_DELIVERY_FROM_RAND
        ? `Free delivery in ${town} and surrounds`
        : `Free delivery in ${town} and surrounds on orders over R2,000`,
    mattressType: product.mattressType ?? null,
    bedType: product.bedType ?? null,
    comfortLevel: product.comfortLevel ?? null,
    featuredRank: ids.featuredRank,
    isBestSeller: product.isBestSeller ?? false,
    createdAt,
    updatedAt: createdAt,
  };
}

export function variantRow(
  product: SeedProduct,
  variant: SeedVariant,
  position: number,
  productId: number,
): typeof variants.$inferInsert {
  const sku = variantSku(product, variant.size);
  return {
    productId,
    size: variant.size,
    sku,
    priceCents: variant.price * 100,
    originalPriceCents: product.off ? originalPrice(variant.price, product.off) * 100 : null,
    costCents: costPrice(variant.price, sku) * 100,
    sortOrder: position,
  };
}

/** Units on hand: the variant's own figure, else a spread of 3-20. */
export function openingStock(variant: SeedVariant, productIndex: number, position: number) {
  return variant.stock ?? 3 + ((productIndex * 7 + position * 5) % 18);
}
