import { listingMeta } from "~/components/store/listing/listing-meta";
import { ListingPage } from "~/components/store/listing/listing-page";
import { BEDS_PAGE as page } from "~/components/store/listing/listing-pages";
import { listingParams } from "~/components/store/listing/listing-url";
import { parseListingQuery } from "~/domain/catalog/listing-query";
import { searchProducts } from "~/domain/catalog/search-products.server";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/beds";

export async function loader({ request }: Route.LoaderArgs) {
  const query = parseListingQuery(listingParams(readSearchParams(request)), page.category);
  return { query, result: await searchProducts(query) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  listingMeta(matches, page, loaderData?.query);

export default function BedsPage({ loaderData }: Route.ComponentProps) {
  return <ListingPage config={page} query={loaderData.query} result={loaderData.result} />;
}
