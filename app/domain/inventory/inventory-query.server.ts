import { and, eq, gt, ilike, lte, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern } from "~/db/list-page.server";
import { products, stockLevels, variants } from "~/db/schema";
import type { StockStatus } from "./stock-status";

/*
 * The stock rules of stock-status.ts in SQL, for the inventory list's filter, sort and cards.
 * On hand never falls below reserved (a CHECK holds it), so available is never below zero here.
 */

export const availableSql = sql<number>`(${stockLevels.onHand} - ${stockLevels.reserved})`;

const isOut = lte(availableSql, 0);
const isLow = and(gt(availableSql, 0), lte(availableSql, stockLevels.lowStockThreshold))!;
const isIn = and(gt(availableSql, 0), gt(availableSql, stockLevels.lowStockThreshold))!;

export const STATUS_CONDITIONS: Record<StockStatus, SQL> = {
  out_of_stock: isOut,
  low_stock: isLow,
  in_stock: isIn,
};

/** The most pressing first when sorted ascending: out of stock, low, in stock. */
export const statusRankSql = sql<number>`case when ${isOut} then 0 when ${isLow} then 1 else 2 end`;

/**
 * The variants whose SKU or product title holds `q`, with the columns the list shows and sorts
 * by: the SKU through its trigram index, the titles through theirs and then the variants of the
 * products found (through their product index, not by hashing every variant).
 */
export function matchingVariants(q: string) {
  const pattern = containsPattern(q);
  const columns = {
    id: variants.id,
    sku: variants.sku,
    size: variants.size,
    title: products.title,
  };
  const bySku = db()
    .select(columns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(ilike(variants.sku, pattern));
  const productsFound = db()
    .select({ id: products.id })
    .from(products)
    .where(ilike(products.title, pattern));
  const byTitle = db()
    .select(columns)
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(sql`${variants.productId} = any(array(${productsFound}))`);
  return bySku.union(byTitle);
}

/**
 * Levels whose variant's SKU or product title holds `q`. As an array worked out once, the levels
 * are found through their primary key's variant column instead of by hashing every level.
 */
export function searchCondition(q: string): SQL {
  const found = db()
    .select({ id: sql`id` })
    .from(matchingVariants(q).as("found"));
  return sql`${stockLevels.variantId} = any(array(${found}))`;
}
