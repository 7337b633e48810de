import { count, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  brands,
  categories,
  productImages,
  products,
  searchWords,
  stockLevels,
  variants,
  warehouses,
} from "~/db/schema";
import { productImageKey } from "./images.server";
import { openingStock, productRow, variantRow, variantSku } from "./product-rows";
import { scaleProduct } from "./scale-products";
import { seedIfEmpty } from "./seed.server";

const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Generated products follow the demo catalogue in the "Featured" order. */
const FIRST_RANK = 2000;

/**
 * Fills the shop up to `products` products for benchmarks: the demo catalogue first (when the
 * shop is empty), then generated products that reuse the demo pictures. Returns how many it added.
 */
export async function seedScale(options: { dataDir: string; products: number }): Promise<number> {
  await seedIfEmpty({ dataDir: options.dataDir });
  const added = await db().transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(products);
    const missing = options.products - (existing?.n ?? 0);
    if (missing <= 0) return 0;

    const lookups = await loadLookups(tx);
    // Numbered after the products already there, so slugs and SKUs stay unique.
    const start = existing?.n ?? 0;
    for (let from = 0; from < missing; from += BATCH) {
      const numbers = Array.from(
        { length: Math.min(BATCH, missing - from) },
        (_, i) => start + from + i,
      );
      await insertBatch(tx, numbers, lookups);
    }
    return missing;
  });
  // Every new product was written twice (its variants refresh it): compact the tables, then
  // mark their pages all-visible (for index-only scans) and give the planner statistics, as a
  // shop that has run a while would have.
  if (added > 0) {
    const tables = sql`${products}, ${variants}, ${stockLevels}, ${productImages}, ${searchWords}`;
    await db().execute(sql`vacuum (full) ${tables}`);
    await db().execute(sql`vacuum (analyze) ${tables}`);
  }
  return added;
}

type Lookups = Awaited<ReturnType<typeof loadLookups>>;

async function loadLookups(tx: Tx) {
  // One after another: a transaction runs one query at a time.
  const categoryRows = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories);
  const brandRows = await tx.select({ id: brands.id, slug: brands.slug }).from(brands);
  const imageRows = await tx
    .select({
      mediaKey: productImages.mediaKey,
      width: productImages.width,
      height: productImages.height,
    })
    .from(productImages);
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.code, "main"));
  if (!warehouse) throw new Error("The main warehouse is missing.");
  return {
    categoryIds: new Map(categoryRows.map((c) => [c.slug, c.id])),
    brandIds: new Map(brandRows.map((b) => [b.slug, b.id])),
    images: new Map(imageRows.map((i) => [i.mediaKey, i])),
    warehouseId: warehouse.id,
  };
}

async function insertBatch(tx: Tx, numbers: number[], lookups: Lookups) {
  const now = Date.now();
  const batch = numbers.map(scaleProduct);
  const inserted = await tx
    .insert(products)
    .values(
      batch.map((p, i) => {
        const categoryId = lookups.categoryIds.get(p.category);
        if (categoryId === undefined) throw new Error(`Unknown category ${p.category}.`);
        const brandId = p.brand ? (lookups.brandIds.get(p.brand) ?? null) : null;
        const createdAt = new Date(now - p.daysAgo * DAY_MS);
        return {
          ...productRow(
            p,
            numbers[i]!,
            { categoryId, brandId, featuredRank: FIRST_RANK + numbers[i]! },
            createdAt,
          ),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: products.id });

  const variantIds = new Map(
    (
      await tx
        .insert(variants)
        .values(
          batch.flatMap((p, i) =>
            p.variants.map((v, position) => variantRow(p, v, position, inserted[i]!.id)),
          ),
        )
        .returning({ id: variants.id, sku: variants.sku })
    ).map((v) => [v.sku, v.id]),
  );

  await tx.insert(stockLevels).values(
    batch.flatMap((p, i) =>
      p.variants.map((v, position) => ({
        variantId: variantIds.get(variantSku(p, v.size))!,
        warehouseId: lookups.warehouseId,
        onHand: openingStock(v, numbers[i]!, position),
      })),
    ),
  );

  await tx.insert(productImages).values(
    batch.flatMap((p, i) => {
      const image = lookups.images.get(productImageKey(p.template));
      return image ? [{ productId: inserted[i]!.id, ...image, alt: p.alt, position: 0 }] : [];
    }),
  );
}
