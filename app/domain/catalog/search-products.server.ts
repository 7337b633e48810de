import { inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stringBytes } from "~/lib/sized-cache";
import { products } from "~/db/schema";
import { PAGE_SIZE, type ListingQuery } from "./listing-query";
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
import {
  listingIndex,
  readListing,
  searchMatches,
  type FacetCounts,
  type IndexedListing,
} from "./listing-index.server";

export type { FacetCounts } from "./listing-index.server";

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
 * `searchProducts`, with the catalogue's version it read: a listing
 * that looks further (the nearest one to a listing that found nothing) passes it on, so one
 * page reads the version once. `known` is a version read earlier for the same page.
 */
export async function searchListing(
  query: ListingQuery,
  known: number | null = null,
): Promise<{ result: ProductSearchResult; version: number }> {
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
  version ??= await currentCatalogVersion();
  const listing = await findListing(query, version);
  if (key) rememberListing(key, version, listing);
  return { result: result(listing, await withCardDetails(listing.rows)), version };
}

/**
 * How many products each listing holds, without reading them (a pass over the listing index
 * each), for weighing several listings at once. `known` is the catalogue's
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
    totals.push((await indexedListing(query, version, 0)).total);
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

/**
 * The listing worked out from the listing index (its counts and page of ids: see
 * `readListing`), the search's products found by PostgreSQL's full-text index, then the page's
 * cards read by their ids.
 */
async function findListing(query: ListingQuery, version: number): Promise<CachedListing> {
  const { total, facets, pageIds } = await indexedListing(query, version, PAGE_SIZE * query.page);
  if (pageIds.length === 0) return { rows: [], total, facets };
  const found = await db()
    .select(productCardColumns)
    .from(products)
    .where(inArray(products.id, pageIds));
  const byId = new Map(found.map((row) => [row.id, row]));
  // A product deleted since the index was read is left out.
  const rows = pageIds.flatMap((id) => byId.get(id) ?? []);
  return { rows, total, facets };
}

async function indexedListing(
  query: ListingQuery,
  version: number,
  wanted: number,
): Promise<IndexedListing> {
  const [index, tsquery] = await Promise.all([
    listingIndex(version),
    fullTextQuery(query.q, version),
  ]);
  const matches = tsquery === null ? null : await searchMatches(index, tsquery);
  return readListing(index, query, matches, wanted);
}

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
 * catalogue's version read before the listing: an earlier answer at it is reused.
 */
export async function fullTextQuery(q: string, version: number): Promise<string | null> {
  const words = (q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  if (words.length === 0) return null;
  const key = words.join(" ");
  const kept = fullTextQueries().get(key);
  if (kept?.version === version) return kept.tsquery;
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const result = await db().execute<{ tsquery: string | null }>(
    sql`select search_query(array[${list}]::text[])::text as tsquery`,
  );
  const tsquery = result.rows[0]?.tsquery || null;
  fullTextQueries().set(key, { version, tsquery }, stringBytes(key) + stringBytes(tsquery ?? ""));
  return tsquery;
}
