import { getSessionUser } from "~/domain/auth/session.server";
import { quoteSchema } from "~/domain/orders/checkout-schema";
import { laybyPaymentMethods } from "~/domain/orders/pay-order.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { cappedChargeBasisPoints, laybyGoodsCents } from "~/domain/layby/cancellation";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { shopToday } from "~/lib/dates";
import { paymentMethodsFor } from "~/domain/payments/providers.server";
import { hasNul, NUL_IN_FORM_MESSAGE } from "~/lib/request-input.server";
import type { Route } from "./+types/checkout-quote";

const MAX_BODY_BYTES = 8_192;
const noStore = { "Cache-Control": "no-store" };

function problem(status: number, message: string, headers: Record<string, string> = {}) {
  return Response.json({ error: message }, { status, headers: { ...noStore, ...headers } });
}

/**
 * POST { lines: [{ variantId, quantity }], deliveryMethod, promoCode, postal?, city?, province? }
 * -> the checkout's summary as the server works it out: today's prices, stock problems,
 * discount (by every rule of the code, one use per customer for the signed-in shopper), delivery by the address's zone (or "quoted" outside every zone), VAT, and the
 * payment methods on offer for the total, and a lay-by's terms (the smallest deposit, the
 * cancellation charge capped at 1%, the shop's today that a schedule starts on, its methods).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return problem(405, "Use POST with a JSON body { lines, deliveryMethod, promoCode }.", {
      Allow: "POST",
    });
  }
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return problem(413, "The request is too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return problem(400, "Send a JSON body { lines, deliveryMethod, promoCode }.");
  }
  if (hasNul(body)) return problem(400, NUL_IN_FORM_MESSAGE);
  const input =
    body && typeof body === "object"
      ? { ...body, lines: JSON.stringify((body as { lines?: unknown }).lines ?? null) }
      : body;
  const parsed = quoteSchema.safeParse(input);
  if (!parsed.success) return problem(400, parsed.error.issues[0]?.message ?? "Invalid request.");
  // A code for one use per customer is the signed-in shopper's: asked only when a code is given.
  const user = parsed.data.promoCode ? await getSessionUser(request) : null;
  const [quote, settings] = await Promise.all([
    quoteCheckout({ ...parsed.data, signedInUserId: user?.id }),
    getStoreSettings(),
  ]);
  return Response.json(
    {
      ...quote,
      paymentMethods: paymentMethodsFor(quote.totals.totalCents),
      layby: {
        minDepositCents: settings.laybyMinDepositCents,
        chargeBasisPoints: cappedChargeBasisPoints(settings.laybyChargeBasisPoints),
        goodsCents: laybyGoodsCents(quote.totals),
        closedDays: settings.closedDays,
        startDay: shopToday(),
        paymentMethods: laybyPaymentMethods(quote.totals.totalCents),
      },
    },
    { headers: noStore },
  );
}

export function loader() {
  return problem(405, "Use POST with a JSON body { lines, deliveryMethod, promoCode }.", {
    Allow: "POST",
  });
}
