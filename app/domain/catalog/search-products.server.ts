import { and, asc, desc, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stringBytes } from "~/lib/sized-cache";
import { products, reviews } from "~/db/schema";
import { FALLBACK_MEAN, PRIOR_WEIGHT } from "~/domain/reviews/bayesian-rating";
import { PAGE_SIZE, type ListingQuery, type SortOption } from "./listing-query";
import type { ProductCardData } from "./product-card";
import { productCardColumns, withCardDetails } from "./product-cards.server";
import {
  cachedListing,
  currentCatalogVersion,
  MAX_CACHED_PAGE,
  perDatabase,
  rememberListing,
  searchKey,
  type CachedListing,
} from "./search-cache.server";
import { countFacets, type FacetCounts } from "./search-facets.server";
import { baseCondition, optionConditionFor, selectionCondition } from "./search-filters.server";

export type { FacetCounts } from "./search-facets.server";

export type ProductSearchResult = {
  /** The first PAGE_SIZE * query.page products, as cards. */
  products: ProductCardData[];
  total: number;
  /** Per group and option: the products that option would give with the other groups' picks. */
  facets: FacetCounts;
};

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

/**
 * A listing: active products matching the search (forgiving misspellings), category, price
 * range and filters (AND across groups, OR within one), sorted, with each option's count.
 *
 * The products and counts are kept per query until the catalogue changes (its version number,
 * kept by the database, goes up); stock and pictures are read fresh every time.
 */
export async function searchProducts(query: ListingQuery): Promise<ProductSearchResult> {
  return (await searchListing(query)).result;
}

/**
 * `searchProducts`, with the catalogue's version it read (null when it read none): a listing
 * that looks further (the nearest one to a listing that found nothing) passes it on, so one
 * page reads the version once. `known` is a version read earlier for the same page.
 */
export async function searchListing(
  query: ListingQuery,
  known: number | null = null,
): Promise<{ result: ProductSearchResult; version: number | null }> {
  const key = query.page <= MAX_CACHED_PAGE ? cacheKey(query) : null;
  const entry = key ? cachedListing(key) : undefined;
  let version = known;
  if (entry) {
    // Checked alongside reading stock, so an answer from the cache costs one round trip.
    const [current, cards] = await Promise.all([
      version ?? currentCatalogVersion(),
      withCardDetails(entry.listing.rows),
    ]);
    if (current === entry.version)
      return { result: result(entry.listing, cards), version: current };
    version = current;
  }
  // Read before the listing is worked out, so a change made meanwhile can only make it newer.
  if (key && version === null) version = await currentCatalogVersion();
  const listing = await findListing(query, version);
  if (key && version !== null) rememberListing(key, version, listing);
  return { result: result(listing, await withCardDetails(listing.rows)), version };
}

/**
 * How many products each listing holds, without reading them: the counts of a listing (kept as
 * its facet groups are), for weighing several listings at once. `known` is the catalogue's
 * version read earlier for the same page, if any.
 */
export async function countProducts(
  queries: ListingQuery[],
  known: number | null = null,
): Promise<number[]> {
  const version = known ?? (await currentCatalogVersion());
  const totals: number[] = [];
  for (const query of queries) {
    const entry = cachedListing(cacheKey({ ...query, page: 1 }));
    if (entry?.version === version) {
      totals.push(entry.listing.total);
      continue;
    }
    const base = baseCondition(query, await fullTextQuery(query.q, version));
    totals.push((await countFacets(query, base, version)).total);
  }
  return totals;
}

function result(listing: CachedListing, cards: ProductCardData[]): ProductSearchResult {
  return { products: cards, total: listing.total, facets: structuredClone(listing.facets) };
}

function cacheKey(query: ListingQuery): string {
  return JSON.stringify([
    searchKey(query.q),
    query.category,
    query.selections,
    query.price,
    query.sort,
    query.page,
  ]);
}

async function findListing(query: ListingQuery, version: number | null): Promise<CachedListing> {
  const tsquery = await fullTextQuery(query.q, version);
  const base = baseCondition(query, tsquery);
  const order = sortOrder(query.sort, tsquery);
  // The counts first: they are often kept already, and they say how many products match.
  // None (more than half of the benchmark's random filter combinations) reads no page; a few
  // stop the search for them once the last is found, not at the end of the catalogue.
  const counts = await countFacets(query, base, version);
  const wanted = Math.min(PAGE_SIZE * query.page, counts.total);
  if (wanted === 0) return { rows: [], ...counts };
  // The page's ids first, so that a listing without a search finds them in the listing index
  // alone; only the page's own rows are then read in full.
  const pageIds = db()
    .select({ id: products.id })
    .from(products)
    .where(and(base, selectionCondition(query, optionConditionFor(query))))
    .orderBy(...order)
    .limit(wanted);
  const rows = await db()
    .select(productCardColumns)
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...order);
  return { rows, ...counts };
}

function sortOrder(sort: SortOption, tsquery: string | null): SQL[] {
  switch (sort) {
    case "price-asc":
      return [sql`${products.minPriceCents} asc nulls last`, asc(products.id)];
    case "price-desc":
      return [sql`${products.minPriceCents} desc nulls last`, asc(products.id)];
    case "rating":
      return [desc(bayesianScore), desc(products.reviewCount), asc(products.id)];
    case "newest":
      return [desc(products.createdAt), desc(products.id)];
    case "featured": {
      const byRank = [asc(products.featuredRank), asc(products.id)];
      if (tsquery === null) return byRank;
      return [desc(sql`ts_rank(${products.searchVector}, ${tsquery}::tsquery)`), ...byRank];
    }
  }
}

/**
 * "Highest Rated": each product's published stars pulled towards the shop's mean of published
 * reviews as if it had PRIOR_WEIGHT more reviews at that mean (`bayesianRating`), so one 5-star
 * review does not outrank a hundred at 4.8.
 *
 * Kept listings stay right without a key of their own: the product's columns change with its
 * published reviews (`refreshProductRating`), which bumps the catalogue's version, and the
 * shop's mean changes only when some review is published or taken down, which updates that
 * product's row in the same transaction and so bumps the version too.
 */
const shopMean = sql`(select coalesce(avg(${reviews.rating})::float8, ${FALLBACK_MEAN}::float8)
  from ${reviews} where ${reviews.status} = 'published')`;
const bayesianScore = sql`(${PRIOR_WEIGHT}::float8 * ${shopMean} + ${products.ratingTotal})
  / (${PRIOR_WEIGHT}::float8 + ${products.reviewCount})`;

/**
 * Searches' full-text queries, kept while the catalogue's version is unchanged: the words a
 * search widens to are the catalogue's own, which change only with it. Shoppers type the same
 * few hundred words again and again; 256 KB holds a few thousand searches.
 */
const fullTextQueries = perDatabase<{ version: number; tsquery: string | null }>(
  "full_text_queries",
  256 * 1024,
);

/**
 * The search's full-text query as text, with misspelt words widened to the shop's closest
 * words (see the search migrations); null when nothing searchable was typed. `version` is the
 * catalogue's version read before the listing, or null: with it, an earlier answer is reused.
 */
async function fullTextQuery(q: string, version: number | null): Promise<string | null> {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  if (words.length === 0) return null;
  const key = words.join(" ");
  const kept = version === null ? undefined : fullTextQueries().get(key);
  if (kept && kept.version === version) return kept.tsquery;
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const result = await db().execute<{ tsquery: string | null }>(
    sql`select search_query(array[${list}]::text[])::text as tsquery`,
  );
  const tsquery = result.rows[0]?.tsquery || null;
  if (version !== null) {
    fullTextQueries().set(key, { version, tsquery }, stringBytes(key) + stringBytes(tsquery ?? ""));
  }
  return tsquery;
}
