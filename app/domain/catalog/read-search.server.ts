import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { brands } from "~/db/schema";
import type { ListingQuery } from "./listing-query";
import { readSearchWords } from "./understand-search";

/**
 * A listing's query with its search words read as filters (see `understand-search.ts`), or the
 * same query when no word is the shop's. Brand names are read as they are ("King Koil" is a
 * brand, not a size): they are asked for only when some word was understood.
 */
export async function readListingSearch(query: ListingQuery): Promise<ListingQuery> {
  if (!query.q || readSearchWords(query) === query) return query;
  const names = await db().select({ name: brands.name }).from(brands).orderBy(asc(brands.id));
  return readSearchWords(query, { keepPhrases: names.map((b) => b.name) });
}
