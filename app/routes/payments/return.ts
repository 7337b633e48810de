import { returnFromPayment } from "~/domain/orders/pay-order.server";
import { siteUrl } from "~/lib/site-url.server";
import { textParam } from "~/lib/request-input.server";
import type { Route } from "./+types/return";

/** Where a provider sends the shopper back after paying (or not). */
export async function loader({ params }: Route.LoaderArgs) {
  return returnFromPayment(textParam(params.reference), siteUrl());
}
