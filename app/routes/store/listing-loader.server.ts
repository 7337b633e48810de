import { redirect } from "react-router";
import { PRODUCTS_PAGE, type ListingPageConfig } from "~/components/store/listing/listing-pages";
import { listingHref, listingParams } from "~/components/store/listing/listing-url";
import { findNearestListing } from "~/domain/catalog/find-nearest-listing.server";
import { parseListingQuery } from "~/domain/catalog/listing-query";
import { readListingSearch } from "~/domain/catalog/read-search.server";
import { searchListing } from "~/domain/catalog/search-products.server";
import { readSearchParams } from "~/lib/request-input.server";

/**
 * The loader of the four listing pages. A search whose words name filters ("queen under
 * 5000") is sent on to the address that holds them as filters and the rest as text, so what
 * was understood shows as chips the shopper can remove, and the address can be shared; a
 * category other than the page's own goes to /products with it. A listing that finds nothing
 * comes with the nearest one that finds something.
 */
export async function loadListing(request: Request, page: ListingPageConfig) {
  const query = parseListingQuery(listingParams(readSearchParams(request)), page.category);
  const read = await readListingSearch(query);
  if (read !== query) {
    const target = page.category !== null && read.category !== page.category ? PRODUCTS_PAGE : page;
    throw redirect(listingHref(target, read));
  }
  const { result, version } = await searchListing(query);
  const nearest =
    result.total === 0 ? await findNearestListing(query, page.category, version) : null;
  return { query, result, nearest };
}
