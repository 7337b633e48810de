import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { preparedQuery, type Db } from "~/db/client.server";
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

/** Active products matching `where`, in merchandising order. */
const listOf = (db: Db, where: SQL, limit: number) =>
  db
    .select(productCardColumns)
    .from(products)
    .where(and(eq(products.status, "active"), where))
    .orderBy(asc(products.featuredRank), asc(products.id))
    .limit(limit);

const bestSellersQuery = preparedQuery((db) =>
  listOf(db, eq(products.isBestSeller, true), HOME_LIST_SIZES.bestSellers).prepare(
    "home_best_sellers",
  ),
);

const rangeQuery = preparedQuery((db) =>
  listOf(db, eq(products.type, sql.placeholder("type")), HOME_LIST_SIZES.range).prepare(
    "home_range",
  ),
);

const brandsQuery = preparedQuery((db) =>
  db
    .select({ id: brands.id, slug: brands.slug, name: brands.name })
    .from(brands)
    .orderBy(asc(brands.id))
    .limit(HOME_LIST_SIZES.brands)
    .prepare("home_brands"),
);

/** The home page's product lists: active products only, in merchandising order. */
export async function listHomeProducts(): Promise<HomeProducts> {
  const [bestSellerRows, foamRows, springRows, brandRows] = await Promise.all([
    bestSellersQuery().execute(),
    rangeQuery().execute({ type: "Foam Bed" }),
    rangeQuery().execute({ type: "Spring Bed" }),
    brandsQuery().execute(),
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
