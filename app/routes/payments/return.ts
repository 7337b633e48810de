import { redirect } from "react-router";
import { getSessionUser } from "~/domain/auth/session.server";
import { returnFromPayment } from "~/domain/orders/pay-order.server";
import { loaded } from "~/lib/actions.server";
import { siteUrl } from "~/lib/site-url.server";
import { readSearchParams, textParam } from "~/lib/request-input.server";
import type { Route } from "./+types/return";

/** Where a provider sends the shopper back after paying (or not). */
export async function loader({ params, request }: Route.LoaderArgs) {
  const reference = textParam(params.reference);
  const user = await getSessionUser(request);
  const { next } = await loaded(() =>
    returnFromPayment({
      reference,
      siteUrl: siteUrl(),
      accountUserId: user?.id,
      cancelled: readSearchParams(request).get("cancelled") === "1",
    }),
  );
  throw redirect(next);
}
