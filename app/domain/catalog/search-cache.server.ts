import { eq } from "drizzle-orm";
import { db, preparedQuery, type Db } from "~/db/client.server";
import { catalogVersion } from "~/db/schema";
import type { FacetCounts } from "./search-facets.server";
import type { ProductCardData } from "./product-card";

/** A listing's products (without stock or pictures, which are always read fresh) and counts. */
export type CachedListing = {
  rows: Omit<ProductCardData, "image" | "variants">[];
  total: number;
  facets: FacetCounts;
};

type Entry = { version: number; listing: CachedListing };

const MAX_ENTRIES = 200;
/** Deeper "Load More" pages are rare and large: they are worked out each time. */
export const MAX_CACHED_PAGE = 4;

// One cache per database, so tests that open several never share answers.
const caches = new WeakMap<Db, Map<string, Entry>>();

function cacheOf(): Map<string, Entry> {
  let cache = caches.get(db());
  if (!cache) caches.set(db(), (cache = new Map()));
  return cache;
}

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
  const cache = cacheOf();
  const entry = cache.get(key);
  if (entry) {
    // Most recently used last, so the oldest is first to go.
    cache.delete(key);
    cache.set(key, entry);
  }
  return entry;
}

export function rememberListing(key: string, version: number, listing: CachedListing) {
  const cache = cacheOf();
  cache.delete(key);
  cache.set(key, { version, listing });
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}
