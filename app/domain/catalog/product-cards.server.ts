import { and, asc, eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/db/client.server";
import { productImages, products, stockLevels, variants } from "~/db/schema";
import { sellsOnlineLevel } from "~/domain/inventory/selling-warehouses.server";
import type { ProductCardData, ProductCardImage, ProductCardVariant } from "./product-card";

/** The product columns a card shows; select these, then pass the rows to `withCardDetails`. */
export const productCardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  type: products.type,
  badge: products.badge,
  isNew: products.isNew,
  rating: products.rating,
  reviewCount: products.reviewCount,
  description: products.description,
  laybyText: products.laybyText,
  deliveryText: products.deliveryText,
};

type ProductCardRow = Omit<ProductCardData, "image" | "variants">;

const idsParam = sql.placeholder("ids");

/**
 * A variant's units on hand less those reserved, never below 0, in a query that left-joins
 * `stock_levels` on `onlineStockOf` and groups by the variant.
 */
export const availableUnits =
  sql<number>`greatest(coalesce(sum(${stockLevels.onHand} - ${stockLevels.reserved}), 0), 0)::int`.mapWith(
    Number,
  );

/** The join to a variant's stock levels the storefront counts: warehouses that sell online. */
export const onlineStockOf = (variantId: typeof variants.id) =>
  and(eq(stockLevels.variantId, variantId), sellsOnlineLevel);

/** Each product's first image. */
const imagesQuery = preparedQuery((db) =>
  db
    .selectDistinctOn([productImages.productId], {
      productId: productImages.productId,
      mediaKey: productImages.mediaKey,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(sql`${productImages.productId} = any(${idsParam}::int[])`)
    .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id))
    .prepare("card_images"),
);

/** Each product's variants with the stock available now. */
const variantsQuery = preparedQuery((db) =>
  db
    .select({
      productId: variants.productId,
      id: variants.id,
      size: variants.size,
      priceCents: variants.priceCents,
      originalPriceCents: variants.originalPriceCents,
      available: availableUnits,
    })
    .from(variants)
    .leftJoin(stockLevels, onlineStockOf(variants.id))
    .where(sql`${variants.productId} = any(${idsParam}::int[])`)
    .groupBy(variants.id)
    // The size enum is declared smallest first, so this puts the smallest size first.
    .orderBy(asc(variants.sortOrder), asc(variants.size), asc(variants.id))
    .prepare("card_variants"),
);

/**
 * Adds each product's first image and its variants with available stock, in two queries
 * whatever the number of products.
 */
export async function withCardDetails(rows: ProductCardRow[]): Promise<ProductCardData[]> {
  const ids = [...new Set(rows.map((r) => r.id))];
  if (ids.length === 0) return [];

  const [images, variantRows] = await Promise.all([
    imagesQuery().execute({ ids }),
    variantsQuery().execute({ ids }),
  ]);

  const imageByProduct = new Map<number, ProductCardImage>();
  for (const { productId, ...image } of images) imageByProduct.set(productId, image);
  const variantsByProduct = new Map<number, ProductCardVariant[]>();
  for (const { productId, ...variant } of variantRows) {
    const list = variantsByProduct.get(productId) ?? [];
    list.push(variant);
    variantsByProduct.set(productId, list);
  }

  return rows.map((row) => ({
    ...row,
    image: imageByProduct.get(row.id) ?? null,
    variants: variantsByProduct.get(row.id) ?? [],
  }));
}
