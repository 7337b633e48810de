import { asc, eq, ilike, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern } from "~/db/list-page.server";
import { products, variants } from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { MAX_SEARCH_LENGTH } from "~/lib/list-params";

/** How many suggestions the Adjust Stock dialog's product field offers at a time. */
export const VARIANT_SUGGESTIONS = 20;

/**
 * Variants whose SKU or product title holds `q`, for the Adjust Stock dialog's product field
 * (suggestions as staff type, through the trigram indexes on both): SKU and "Title, Size".
 */
export async function findStockVariants(options: { q: string }) {
  const q = options.q.trim().slice(0, MAX_SEARCH_LENGTH);
  if (!q) return [];
  const pattern = containsPattern(q);
  const rows = await db()
    .select({ sku: variants.sku, title: products.title, size: variants.size })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(or(ilike(variants.sku, pattern), ilike(products.title, pattern)))
    .orderBy(asc(sql`lower(${products.title})`), asc(variants.size), asc(variants.id))
    .limit(VARIANT_SUGGESTIONS);
  return rows.map((r) => ({ sku: r.sku, label: `${r.title}, ${SIZE_LABELS[r.size]}` }));
}
