import type { ListingCategory, ListingQuery } from "./listing-query";
import { categoryOnly, nearerQueries, type Dropped, type NearerQuery } from "./nearest-listing";
import { countProducts, searchListing, type ProductSearchResult } from "./search-products.server";
import { currentCatalogVersion } from "./search-cache.server";

export type NearestListing = {
  query: ListingQuery;
  /** Its first page of products and how many there are (its counts are not shown). */
  result: Omit<ProductSearchResult, "facets">;
  /** What was left out of the listing that found nothing, to be said. */
  dropped: Dropped[];
};

/**
 * For a listing that found nothing: the nearest one that finds something, leaving out the one
 * thing that held back the most products (the text, a group of options, the price or the
 * category), else keeping only the category; null when there is none. The candidates are only
 * counted (each a pass over the listing index, `countProducts`); only the one chosen is read. `version` is the catalogue's version the listing
 * that found nothing was read at, if it read one: the page reads it once.
 */
export async function findNearestListing(
  query: ListingQuery,
  fixedCategory: ListingCategory | null,
  version: number | null = null,
): Promise<NearestListing | null> {
  const known = version ?? (await currentCatalogVersion());
  const chosen =
    (await mostFound(nearerQueries(query, fixedCategory), known)) ??
    (await mostFound([categoryOnly(query)], known));
  if (!chosen) return null;
  const { products, total } = (await searchListing(chosen.query, known)).result;
  return { ...chosen, result: { products, total } };
}

/** The candidate finding the most products (the first of equals), or null when none finds any. */
async function mostFound(
  candidates: (NearerQuery | null)[],
  version: number,
): Promise<NearerQuery | null> {
  const present = candidates.filter((c) => c !== null);
  if (present.length === 0) return null;
  const totals = await countProducts(
    present.map((c) => c.query),
    version,
  );
  let best = -1;
  for (let i = 0; i < totals.length; i++) {
    if (totals[i]! > (best < 0 ? 0 : totals[best]!)) best = i;
  }
  return best < 0 ? null : present[best]!;
}
