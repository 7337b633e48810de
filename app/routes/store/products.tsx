import { listingMeta } from "~/components/store/listing/listing-meta";
import { ListingPage } from "~/components/store/listing/listing-page";
import { PRODUCTS_PAGE as page } from "~/components/store/listing/listing-pages";
import { loadListing } from "./listing-loader.server";
import type { Route } from "./+types/products";

export async function loader({ request }: Route.LoaderArgs) {
  return loadListing(request, page);
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  listingMeta(matches, page, loaderData?.query);

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      config={page}
      query={loaderData.query}
      result={loaderData.result}
      nearest={loaderData.nearest}
    />
  );
}
