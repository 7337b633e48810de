import {
  listingSearchParams,
  PRICE_RANGE,
  type ListingQuery,
} from "~/domain/catalog/listing-query";
import type { ListingPageConfig } from "./listing-pages";

/**
 * The filter form sends the price slider as `pmin`/`pmax` (whole Rand) when JavaScript is off;
 * this turns them into the URL's one price token, and the untouched full range into none.
 */
export function listingParams(params: URLSearchParams): URLSearchParams {
  if (!params.has("pmin") && !params.has("pmax")) return params;
  const next = new URLSearchParams(params);
  const low = Number.parseInt(params.get("pmin") ?? "", 10);
  const high = Number.parseInt(params.get("pmax") ?? "", 10);
  next.delete("pmin");
  next.delete("pmax");
  const min = Number.isFinite(low) ? low : PRICE_RANGE.min;
  const max = Number.isFinite(high) ? high : PRICE_RANGE.max;
  const full = Math.min(min, max) <= PRICE_RANGE.min && Math.max(min, max) >= PRICE_RANGE.max;
  if (!full) next.append("f", `${PRICE_RANGE.id}-${min}-${max}`);
  return next;
}

/** The address of a listing page showing `query`. */
export function listingHref(config: ListingPageConfig, query: ListingQuery): string {
  const search = listingSearchParams(query, { includeCategory: config.category === null });
  const text = search.toString();
  return text ? `${config.path}?${text}` : config.path;
}
