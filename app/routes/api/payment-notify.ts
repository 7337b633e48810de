import { providerByName } from "~/domain/payments/providers.server";
import type { Route } from "./+types/payment-notify";
import { receivePaymentNotification } from "./payment-notify.server";

/**
 * A provider's server-to-server notification (PayFast's ITN, PayFlex's callback, the demo
 * gateway's result): its adapter reads the outcome, the orders area records it, and the
 * adapter's reply goes back.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = providerByName(params.provider);
  if (!provider) return new Response("Unknown payment provider", { status: 404 });
  if (request.method !== "POST") {
    return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
  }
  return receivePaymentNotification(provider, request, context.clientAddress);
}

export function loader() {
  return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}
