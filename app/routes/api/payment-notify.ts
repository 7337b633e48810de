import { providerByName } from "~/domain/payments/providers.server";
import type { Route } from "./+types/payment-notify";

/** A provider's server-to-server notification (PayFast's ITN, the demo gateway's result). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const provider = providerByName(params.provider);
  if (!provider) return new Response("Unknown payment provider", { status: 404 });
  if (request.method !== "POST") {
    return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
  }
  return provider.handleNotification(request, context.clientAddress);
}

export function loader() {
  return new Response("Use POST", { status: 405, headers: { Allow: "POST" } });
}
