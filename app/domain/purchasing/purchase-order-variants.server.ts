import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { products, variants } from "~/db/schema";
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
