import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  listingIndex,
  readListing,
  searchMatches,
  type ListingIndex,
} from "~/domain/catalog/listing-index.server";
import { parseListingQuery, type ListingCategory } from "~/domain/catalog/listing-query";
import { currentCatalogVersion } from "~/domain/catalog/search-cache.server";
import { fullTextQuery } from "~/domain/catalog/search-products.server";
import { median } from "./lighthouse";
import { distinctListings } from "./scale";

export type ListingIndexFigures = {
  products: number;
  megabytes: number;
  /** Wall time of each full read of the index, ms. */
  readsMs: number[];
  /** One listing's pass over the index (counts and page), ms. */
  passMedianMs: number;
  passP99Ms: number;
  passMaxMs: number;
  /** A search's products read from PostgreSQL the first time, ms of wall time. */
  searchMedianMs: number;
  searchP99Ms: number;
  listings: number;
};

const bytesOf = (index: ListingIndex) =>
  [
    index.ids,
    index.category,
    index.sizeMask,
    index.minPrice,
    index.priceStart,
    index.prices,
    index.priceSizes,
    ...Object.values(index.options),
    ...Object.values(index.orders),
  ].reduce((sum, array) => sum + array.byteLength, 0);

/**
 * The listing index on the database `db()` opens, in this process: `reads` full reads of it (each
 * after the catalogue's version is moved on, as an edit would), then `listings` distinct listings'
 * passes over it (after as many to warm up), each search's products read once.
 */
export async function listingIndexFigures(
  reads: number,
  listings: number,
): Promise<ListingIndexFigures> {
  const readsMs: number[] = [];
  for (let i = 0; i < reads; i++) {
    await db().execute(sql`update catalog_version set version = version + 1 where id = 1`);
    const version = await currentCatalogVersion();
    const started = performance.now();
    await listingIndex(version);
    readsMs.push(performance.now() - started);
  }
  const version = await currentCatalogVersion();
  const index = await listingIndex(version);
  const next = distinctListings(9);
  const passes: number[] = [];
  const searches: number[] = [];
  for (let i = 0; i < listings * 2; i++) {
    const url = new URL(`http://shop.test${next()}`);
    const path = url.pathname.slice(1);
    const category = path === "products" ? null : (path as ListingCategory);
    const query = parseListingQuery(url.searchParams, category);
    const searchStarted = performance.now();
    const tsquery = await fullTextQuery(query.q, version);
    const matches = tsquery === null ? null : await searchMatches(index, tsquery);
    const passStarted = performance.now();
    readListing(index, query, matches, 12 * query.page);
    if (i < listings) continue;
    passes.push(performance.now() - passStarted);
    if (tsquery !== null) searches.push(passStarted - searchStarted);
  }
  const quantile = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] ?? 0;
  return {
    products: index.ids.length,
    megabytes: bytesOf(index) / 1024 / 1024,
    readsMs,
    passMedianMs: median(passes),
    passP99Ms: quantile(passes, 0.99),
    passMaxMs: Math.max(...passes),
    searchMedianMs: median(searches),
    searchP99Ms: quantile(searches, 0.99),
    listings: passes.length,
  };
}

export function printListingIndex(r: ListingIndexFigures) {
  console.log(
    `\nThe listing index in this process: ${r.products} active products, ${r.megabytes.toFixed(1)} MB; read in ${r.readsMs.map((ms) => ms.toFixed(0)).join(", ")} ms`,
  );
  console.log(
    `A listing's pass over it (${r.listings} distinct listings): median ${r.passMedianMs.toFixed(2)} ms, p99 ${r.passP99Ms.toFixed(2)}, slowest ${r.passMaxMs.toFixed(2)}; a search's words and products the first time: median ${r.searchMedianMs.toFixed(1)} ms, p99 ${r.searchP99Ms.toFixed(1)}`,
  );
}
