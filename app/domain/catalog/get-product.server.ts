import { and, asc, eq, sql } from "drizzle-orm";
import { preparedQuery } from "~/db/client.server";
import { brands, categories, productImages, products, stockLevels, variants } from "~/db/schema";
import type { ProductCardData, ProductCardImage, ProductCardVariant } from "./product-card";
import { availableUnits, onlineStockOf, productCardColumns } from "./product-cards.server";

export type ProductDetailVariant = ProductCardVariant & { sku: string };

/** A product page's data: a card's fields plus every image, SKUs, category and brand. */
export type ProductDetail = Omit<ProductCardData, "variants"> & {
  images: ProductCardImage[];
  variants: ProductDetailVariant[];
  category: { slug: string; name: string };
  brand: string | null;
  updatedAt: Date;
};

const productQuery = preparedQuery((db) =>
  db
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
    .where(and(eq(products.slug, sql.placeholder("slug")), eq(products.status, "active")))
    .limit(1)
    .prepare("product_page"),
);

const imagesQuery = preparedQuery((db) =>
  db
    .select({
      mediaKey: productImages.mediaKey,
      alt: productImages.alt,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages)
    .where(eq(productImages.productId, sql.placeholder("id")))
    .orderBy(asc(productImages.position), asc(productImages.id))
    .prepare("product_page_images"),
);

const variantsQuery = preparedQuery((db) =>
  db
    .select({
      id: variants.id,
      size: variants.size,
      sku: variants.sku,
      priceCents: variants.priceCents,
      originalPriceCents: variants.originalPriceCents,
      available: availableUnits,
    })
    .from(variants)
    .leftJoin(stockLevels, onlineStockOf(variants.id))
    .where(eq(variants.productId, sql.placeholder("id")))
    .groupBy(variants.id)
    // The size enum is declared smallest first, as on the cards.
    .orderBy(asc(variants.sortOrder), asc(variants.size), asc(variants.id))
    .prepare("product_page_variants"),
);

/** An active product by its slug, or null when there is none (or it is a draft or archived). */
export async function getProduct(options: { slug: string }): Promise<ProductDetail | null> {
  const [row] = await productQuery().execute({ slug: options.slug });
  if (!row) return null;

  const [images, variantRows] = await Promise.all([
    imagesQuery().execute({ id: row.id }),
    variantsQuery().execute({ id: row.id }),
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
