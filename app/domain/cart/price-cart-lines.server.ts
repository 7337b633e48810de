import { eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { products, variants } from "~/db/schema";
import type { BedSize, ProductCardImage } from "~/domain/catalog/product-card";
import { productCardColumns, withCardDetails } from "~/domain/catalog/product-cards.server";

/** A cart line's variant as the shop sells it now. */
export type CurrentCartLine =
  | {
      variantId: number;
      sold: true;
      slug: string;
      title: string;
      size: BedSize;
      priceCents: number;
      originalPriceCents: number | null;
      image: ProductCardImage | null;
      /** On hand minus reserved over the warehouses that sell online, never below zero. */
      available: number;
    }
  // Draft and archived products are not public: their details stay on the server.
  | { variantId: number; sold: false };

/**
 * The current price, stock and details of each variant in a shopper's cart. Variants that are
 * gone, or whose product is no longer active, come back as not sold.
 */
export async function priceCartLines({
  variantIds,
}: {
  variantIds: readonly number[];
}): Promise<CurrentCartLine[]> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return [];

  const rows = await db()
    .select({ variantId: variants.id, status: products.status, ...productCardColumns })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, ids));

  const activeProducts = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (row.status === "active") activeProducts.set(row.id, row);
  // Images and stock for every product at once (all its variants, a few more than asked for).
  const cards = await withCardDetails([...activeProducts.values()]);

  const byVariant = new Map<number, CurrentCartLine>();
  for (const card of cards) {
    for (const variant of card.variants) {
      byVariant.set(variant.id, {
        variantId: variant.id,
        sold: true,
        slug: card.slug,
        title: card.title,
        size: variant.size,
        priceCents: variant.priceCents,
        originalPriceCents: variant.originalPriceCents,
        image: card.image,
        available: variant.available,
      });
    }
  }
  return ids.map((variantId) => byVariant.get(variantId) ?? { variantId, sold: false });
}
