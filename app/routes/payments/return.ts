import { returnFromPayment } from "~/domain/orders/pay-order.server";
import { siteUrl } from "~/lib/site-url.server";
import type { Route } from "./+types/return";

/** Where a provider sends the shopper back after paying (or not). */
export async function loader({ params, request }: Route.LoaderArgs) {
  return returnFromPayment(params.reference, siteUrl(request));
}
