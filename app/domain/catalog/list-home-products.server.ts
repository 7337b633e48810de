import { and, asc, eq, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { brands, products } from "~/db/schema";
import type { ProductCardData } from "./product-card";
import { productCardColumns, withCardDetails } from "./product-cards.server";

export const HOME_LIST_SIZES = { bestSellers: 8, range: 10, brands: 10 } as const;

export type HomeProducts = {
  bestSellers: ProductCardData[];
  foamBeds: ProductCardData[];
  springBeds: ProductCardData[];
  brands: { id: number; slug: string; name: string }[];
};

/** The home page's product lists: active products only, in merchandising order. */
export async function listHomeProducts(): Promise<HomeProducts> {
  const active = eq(products.status, "active");
  const byRank = [asc(products.featuredRank), asc(products.id)];
  const listOf = (where: SQL | undefined, limit: number) =>
    db()
      .select(productCardColumns)
      .from(products)
      .where(where)
      .orderBy(...byRank)
      .limit(limit);

  const [bestSellerRows, foamRows, springRows, brandRows] = await Promise.all([
    listOf(and(active, eq(products.isBestSeller, true)), HOME_LIST_SIZES.bestSellers),
    listOf(and(active, eq(products.type, "Foam Bed")), HOME_LIST_SIZES.range),
    listOf(and(active, eq(products.type, "Spring Bed")), HOME_LIST_SIZES.range),
    db()
      .select({ id: brands.id, slug: brands.slug, name: brands.name })
      .from(brands)
      .orderBy(asc(brands.id))
      .limit(HOME_LIST_SIZES.brands),
  ]);

  // One pass for images and stock over every product shown, however many lists it is in.
  const detailed = await withCardDetails([...bestSellerRows, ...foamRows, ...springRows]);
  const byId = new Map(detailed.map((p) => [p.id, p]));
  const pick = (rows: { id: number }[]) => rows.map((r) => byId.get(r.id)!);

  return {
    bestSellers: pick(bestSellerRows),
    foamBeds: pick(foamRows),
    springBeds: pick(springRows),
    brands: brandRows,
  };
}
