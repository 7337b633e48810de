import { useEffect, useState } from "react";
import type { CartLine } from "~/domain/cart/cart-lines";
import type { CheckoutQuote } from "~/domain/orders/quote.server";
import type { DeliveryMethod, PaymentMethod } from "~/domain/orders/totals";

export type QuoteAnswer = CheckoutQuote & {
  paymentMethods: PaymentMethod[];
  /** A lay-by's terms at this shop today (docs/decisions/027). */
  layby: LaybyQuote;
};

export type LaybyQuote = {
  minDepositCents: number;
  chargeBasisPoints: number;
  /** The shop's today ("YYYY-MM-DD"): the deposit's day, which the schedule counts from. */
  startDay: string;
  paymentMethods: PaymentMethod[];
};

/**
 * Asks the shop to price the checkout (POST /api/checkout-quote) whenever the cart, the delivery
 * method or the promotion code changes. The order itself is priced again when it is placed.
 */
export function useCheckoutQuote(
  lines: readonly CartLine[],
  deliveryMethod: DeliveryMethod,
  promoCode: string,
) {
  const [quote, setQuote] = useState<QuoteAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  const key = JSON.stringify({
    lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    deliveryMethod,
    promoCode,
  });

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/checkout-quote", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: key,
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The price check answered ${response.status}.`);
        setQuote((await response.json()) as QuoteAnswer);
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [key]);

  return { quote, failed };
}
