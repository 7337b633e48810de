import { createContext, use, useMemo, type ReactNode } from "react";
import { useNavigate, useNavigation } from "react-router";
import { parseListingQuery, type ListingQuery } from "~/domain/catalog/listing-query";
import type { NearestListing } from "~/domain/catalog/find-nearest-listing.server";
import type { ProductSearchResult } from "~/domain/catalog/search-products.server";
import type { ListingPageConfig } from "./listing-pages";
import { listingHref, listingParams } from "./listing-url";

export type ListingResult = ProductSearchResult;

type Listing = {
  config: ListingPageConfig;
  /** The query the server answered. */
  applied: ListingQuery;
  /** The query being loaded while a navigation is under way, else the applied one. */
  query: ListingQuery;
  result: ListingResult;
  /** When the listing found nothing: the nearest one that finds something, if any. */
  nearest: NearestListing | null;
  pending: boolean;
  href: (query: ListingQuery) => string;
  /** Shows another query of this listing, keeping the scroll position. */
  go: (query: ListingQuery) => void;
};

const ListingContext = createContext<Listing | null>(null);

export function ListingProvider({
  config,
  query,
  result,
  nearest,
  children,
}: {
  config: ListingPageConfig;
  query: ListingQuery;
  result: ListingResult;
  nearest: NearestListing | null;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const next = useNavigation().location;
  const search = next?.pathname === config.path ? next.search : null;
  const value = useMemo<Listing>(() => {
    // Checkboxes, chips and the sort follow a click at once, before the new list arrives.
    const pendingQuery =
      search === null
        ? null
        : parseListingQuery(listingParams(new URLSearchParams(search)), config.category);
    const href = (q: ListingQuery) => listingHref(config, q);
    return {
      config,
      applied: query,
      query: pendingQuery ?? query,
      result,
      nearest,
      pending: pendingQuery !== null,
      href,
      // flushSync: the checkbox or select shows the new choice at once, not after the load.
      go: (q) => void navigate(href(q), { preventScrollReset: true, flushSync: true }),
    };
  }, [config, query, result, nearest, search, navigate]);
  return <ListingContext value={value}>{children}</ListingContext>;
}

export function useListing(): Listing {
  const listing = use(ListingContext);
  if (!listing) throw new Error("useListing is used outside a ListingProvider.");
  return listing;
}
