import type { ListingQuery } from "~/domain/catalog/listing-query";
import { originFromMatches, pageTitle, seoMeta, siteNameFromMatches } from "~/lib/seo";
import { CATEGORY_LABELS, type ListingPageConfig } from "./listing-pages";

type Matches = Parameters<typeof originFromMatches>[0];

/**
 * Title, description, canonical address and sharing tags of a listing. Searches, filters,
 * sorting and paging are views of one page: they all point to the page (with its category).
 */
export function listingMeta(
  matches: Matches,
  config: ListingPageConfig,
  query: ListingQuery | undefined,
) {
  const category = config.category === null ? query?.category : null;
  return seoMeta({
    title: pageTitle(matches, category ? CATEGORY_LABELS[category] : config.metaTitle),
    description: config.metaDescription,
    origin: originFromMatches(matches),
    path: category ? `${config.path}?category=${category}` : config.path,
    siteName: siteNameFromMatches(matches),
  });
}
