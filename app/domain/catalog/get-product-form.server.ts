import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { brands, categories, productImages, products, variants } from "~/db/schema";
import { notFound } from "~/domain/errors";

/** Categories and brands for the product form's selects. */
export async function productFormOptions() {
  const [categoryRows, brandRows] = await Promise.all([
    db()
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
    db().select({ id: brands.id, name: brands.name }).from(brands).orderBy(asc(brands.name)),
  ]);
  return { categories: categoryRows, brands: brandRows };
}

/** One product with its sizes and pictures, for the edit form. */
export async function getAdminProduct(id: number) {
  const [product] = await db().select().from(products).where(eq(products.id, id));
  if (!product) throw notFound("This product does not exist.");
  const [variantRows, imageRows] = await Promise.all([
    db()
      .select()
      .from(variants)
      .where(eq(variants.productId, id))
      .orderBy(asc(variants.sortOrder), asc(variants.id)),
    db()
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position), asc(productImages.id)),
  ]);
  const { searchVector: _searchVector, ...rest } = product;
  return { product: rest, variants: variantRows, images: imageRows };
}

export type AdminProduct = Awaited<ReturnType<typeof getAdminProduct>>;
