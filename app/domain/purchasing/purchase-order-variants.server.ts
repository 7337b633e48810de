import { asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { products, variants } from "~/db/schema";
import { containsPattern } from "~/db/list-page.server";
import { SIZE_LABELS } from "~/domain/catalog/product-card";

export type PurchasableVariant = {
  id: number;
  sku: string;
  title: string;
  size: string;
  costCents: number | null;
};

const columns = {
  id: variants.id,
  sku: variants.sku,
  title: products.title,
  size: variants.size,
  costCents: variants.costCents,
};

const labelled = (v: { size: keyof typeof SIZE_LABELS } & Omit<PurchasableVariant, "size">) => ({
  ...v,
  size: SIZE_LABELS[v.size],
});

/** The most variants one search suggests. */
export const VARIANT_SUGGESTIONS = 15;

/**
 * Variants whose SKU or product name holds `q`, for the purchase order form's suggestions:
 * SKUs starting with it first, then by SKU. Archived products are offered too (stock of them
 * may still be bought back in). Empty `q` suggests nothing.
 */
export async function searchPurchasableVariants(options: {
  q: string;
}): Promise<PurchasableVariant[]> {
  const q = options.q.trim().slice(0, 64);
  if (q.length === 0) return [];
  const pattern = containsPattern(q);
  const rows = await db()
    .select(columns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(or(ilike(variants.sku, pattern), ilike(products.title, pattern)))
    .orderBy(
      sql`(${variants.sku} ilike ${`${q.replace(/[\\%_]/g, "\\$&")}%`}) desc`,
      asc(variants.sku),
    )
    .limit(VARIANT_SUGGESTIONS);
  return rows.map(labelled);
}

/** The variants with these SKUs (any case), by upper-case SKU. */
export async function variantsBySku(
  tx: Tx,
  skus: readonly string[],
): Promise<Map<string, PurchasableVariant>> {
  if (skus.length === 0) return new Map();
  const rows = await tx
    .select(columns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      inArray(
        sql`upper(${variants.sku})`,
        skus.map((s) => s.toUpperCase()),
      ),
    );
  return new Map(rows.map((r) => [r.sku.toUpperCase(), labelled(r)]));
}
