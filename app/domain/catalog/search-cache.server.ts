import { eq } from "drizzle-orm";
import { db, preparedQuery, type Db } from "~/db/client.server";
import { catalogVersion } from "~/db/schema";
import { SizedCache, stringBytes } from "~/lib/sized-cache";
import type { FacetCounts } from "./listing-index.server";
import type { ProductCardData } from "./product-card";
import { countCacheLookups } from "~/lib/metrics.server";

/** A listing's products (without stock or pictures, which are always read fresh) and counts. */
export type CachedListing = {
  rows: Omit<ProductCardData, "image" | "variants">[];
  total: number;
  facets: FacetCounts;
};

type Entry = { version: number; listing: CachedListing };

/**
 * What the kept listings may hold, counted as their JSON text (a listing of 12 cards with their
 * descriptions is 10-30 KB): a few hundred listings.
 */
const MAX_BYTES = 4 * 1024 * 1024;
/** Deeper "Load More" pages are rare and large: they are worked out each time. */
export const MAX_CACHED_PAGE = 4;

/**
 * A cache of what was worked out from the catalogue, one per database, so tests that open
 * several never share answers. Entries carry the catalogue version they were read at.
 */
export function perDatabase<V>(name: string, maxSize: number): () => SizedCache<V> {
  const caches = new WeakMap<Db, SizedCache<V>>();
  const onLookup = countCacheLookups(name);
  return () => {
    let cache = caches.get(db());
    if (!cache) caches.set(db(), (cache = new SizedCache(maxSize, onLookup)));
    return cache;
  };
}

const cacheOf = perDatabase<Entry>("listings", MAX_BYTES);

/** The catalogue's version: it goes up whenever products, variants, brands or categories change. */
export async function currentCatalogVersion(): Promise<number> {
  const [row] = await versionQuery().execute();
  return Number(row?.version ?? 0);
}

const versionQuery = preparedQuery((db) =>
  db
    .select({ version: catalogVersion.version })
    .from(catalogVersion)
    .where(eq(catalogVersion.id, 1))
    .prepare("catalog_version"),
);

export function cachedListing(key: string): Entry | undefined {
  return cacheOf().get(key);
}

export function rememberListing(key: string, version: number, listing: CachedListing) {
  const bytes = stringBytes(JSON.stringify(listing)) + key.length;
  cacheOf().set(key, { version, listing }, bytes);
}

/** A search as typed, for cache keys: lower case, spaces collapsed. */
export function searchKey(q: string): string {
  return q.toLowerCase().replace(/\s+/g, " ").trim();
}
