import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
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

type HomeList = "best" | "foam" | "spring";

/** Active products matching `where`, in merchandising order, tagged with their list. */
const listOf = (db: Db, list: SQL<HomeList>, where: SQL, limit: number) =>
  db
    .select({ list: list.as("list"), rank: products.featuredRank, ...productCardColumns })
    .from(products)
    .where(and(eq(products.status, "active"), where))
    .orderBy(asc(products.featuredRank), asc(products.id))
    .limit(limit);

/** The three lists in one round trip (a database round trip costs more here than the query). */
const listsQuery = preparedQuery((db) =>
  unionAll(
    listOf(db, sql`'best'`, eq(products.isBestSeller, true), HOME_LIST_SIZES.bestSellers),
    listOf(db, sql`'foam'`, eq(products.type, "Foam Bed"), HOME_LIST_SIZES.range),
    listOf(db, sql`'spring'`, eq(products.type, "Spring Bed"), HOME_LIST_SIZES.range),
  ).prepare("home_lists"),
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
  const [listRows, brandRows] = await Promise.all([
    listsQuery().execute(),
    brandsQuery().execute(),
  ]);
  // A union keeps no order of its own: each list is put back in merchandising order.
  const rowsOf = (list: HomeList) =>
    listRows
      .filter((row) => row.list === list)
      .sort((a, b) => a.rank - b.rank || a.id - b.id)
      .map(({ list: _list, rank: _rank, ...card }) => card);
  const [bestSellerRows, foamRows, springRows] = [rowsOf("best"), rowsOf("foam"), rowsOf("spring")];

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
