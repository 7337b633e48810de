import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { brands, categories, productImages, products, stockLevels, variants } from "~/db/schema";
import type { ProductCardData, ProductCardImage, ProductCardVariant } from "./product-card";
import { availableUnits, productCardColumns } from "./product-cards.server";

export type ProductDetailVariant = ProductCardVariant & { sku: string };

/** A product page's data: a card's fields plus every image, SKUs, category and brand. */
export type ProductDetail = Omit<ProductCardData, "variants"> & {
  images: ProductCardImage[];
  variants: ProductDetailVariant[];
  category: { slug: string; name: string };
  brand: string | null;
  updatedAt: Date;
};

/** An active product by its slug, or null when there is none (or it is a draft or archived). */
export async function getProduct(options: { slug: string }): Promise<ProductDetail | null> {
  const [row] = await db()
    .select({
      ...productCardColumns,
      updatedAt: products.updatedAt,
      categorySlug: categories.slug,
      categoryName: categories.name,
      brand: brands.name,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.slug, options.slug), eq(products.status, "active")))
    .limit(1);
  if (!row) return null;

  const [images, variantRows] = await Promise.all([
    db()
      .select({
        mediaKey: productImages.mediaKey,
        alt: productImages.alt,
        width: productImages.width,
        height: productImages.height,
      })
      .from(productImages)
      .where(eq(productImages.productId, row.id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    db()
      .select({
        id: variants.id,
        size: variants.size,
        sku: variants.sku,
        priceCents: variants.priceCents,
        originalPriceCents: variants.originalPriceCents,
        available: availableUnits,
      })
      .from(variants)
      .leftJoin(stockLevels, eq(stockLevels.variantId, variants.id))
      .where(eq(variants.productId, row.id))
      .groupBy(variants.id)
      // The size enum is declared smallest first, as on the cards.
      .orderBy(asc(variants.sortOrder), asc(variants.size), asc(variants.id)),
  ]);

  const { categorySlug, categoryName, ...product } = row;
  return {
    ...product,
    image: images[0] ?? null,
    images,
    variants: variantRows,
    category: { slug: categorySlug, name: categoryName },
  };
}
