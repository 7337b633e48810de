import { asc, eq, ilike, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern } from "~/db/list-page.server";
import { products, variants } from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { MAX_SEARCH_LENGTH } from "~/lib/list-params";
import type { VariantSuggestion } from "./variant-suggestion";

/** How many suggestions one search offers: the catalogue may hold 20,000 variants. */
export const VARIANT_SUGGESTIONS = 20;

/**
 * Variants whose SKU or product title holds `q` (through the trigram indexes on both), SKUs
 * starting with it first. Archived products are offered too: their stock may still be counted,
 * moved or bought back in. An empty `q` suggests nothing.
 */
export async function suggestVariants(options: { q: string }): Promise<VariantSuggestion[]> {
  const q = options.q.trim().slice(0, MAX_SEARCH_LENGTH);
  if (!q) return [];
  const pattern = containsPattern(q);
  const prefix = `${q.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await db()
    .select({
      id: variants.id,
      productId: variants.productId,
      sku: variants.sku,
      title: products.title,
      size: variants.size,
      costCents: variants.costCents,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(or(ilike(variants.sku, pattern), ilike(products.title, pattern)))
    .orderBy(
      sql`(${variants.sku} ilike ${prefix}) desc`,
      asc(sql`lower(${products.title})`),
      asc(variants.sortOrder),
      asc(variants.id),
    )
    .limit(VARIANT_SUGGESTIONS);
  return rows.map((r) => ({ ...r, size: SIZE_LABELS[r.size] }));
}
