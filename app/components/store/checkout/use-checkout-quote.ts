import { useEffect, useRef, useState } from "react";
import type { CartLine } from "~/domain/cart/cart-lines";
import type { CheckoutQuote } from "~/domain/orders/quote.server";
import type { DeliveryMethod, PaymentMethod } from "~/domain/orders/totals";
import type { AddOnChoice } from "~/domain/orders/add-ons";

export type QuoteAnswer = CheckoutQuote & {
  paymentMethods: PaymentMethod[];
  /** A lay-by's terms at this shop today (docs/decisions/027). */
  layby: LaybyQuote;
};

export type LaybyQuote = {
  minDepositCents: number;
  chargeBasisPoints: number;
  /** The goods' price after their discount: what the charge is worked on (regulation 34). */
  goodsCents: number;
  /** The shop's declared closed days: the lapse day is counted past them. */
  closedDays: string[];
  /** The shop's today ("YYYY-MM-DD"): the deposit's day, which the schedule counts from. */
  startDay: string;
  paymentMethods: PaymentMethod[];
};

/** The address fields that choose the delivery zone, as typed so far. */
export type QuoteAddress = { postal: string; city: string; province: string };

/** How long typing in the address fields settles before the summary is priced again. */
const ADDRESS_PAUSE_MS = 350;

/**
 * Asks the shop to price the checkout (POST /api/checkout-quote) whenever the cart, the delivery
 * method, the add-ons, the promotion code or the address's postal code, town or province changes (the
 * address after a short pause in typing). The order itself is priced again when it is placed.
 * `updating` is true while the answer shown is for an earlier request.
 */
export function useCheckoutQuote(
  lines: readonly CartLine[],
  deliveryMethod: DeliveryMethod,
  promoCode: string,
  address: QuoteAddress,
  addOns: AddOnChoice,
  /** Asks again, for the same request, whenever this changes (a refused checkout's answer). */
  refresh?: unknown,
) {
  const [quote, setQuote] = useState<QuoteAnswer | null>(null);
  const [failed, setFailed] = useState(false);
  // The request the answer shown was for: while it differs from the current one, a new
  // answer (its prices and delivery days) is on its way.
  const [answered, setAnswered] = useState<string | null>(null);
  const key = JSON.stringify({
    lines: lines.map((l) => ({ variantId: l.variantId, quantity: l.quantity })),
    deliveryMethod,
    ...addOns,
    promoCode,
    ...address,
  });
  const addressKey = JSON.stringify(address);
  const previousAddress = useRef(addressKey);

  useEffect(() => {
    const controller = new AbortController();
    const wait = previousAddress.current === addressKey ? 0 : ADDRESS_PAUSE_MS;
    previousAddress.current = addressKey;
    const timer = setTimeout(() => {
      fetch("/api/checkout-quote", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: key,
        signal: controller.signal,
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`The price check answered ${response.status}.`);
          setQuote((await response.json()) as QuoteAnswer);
          setAnswered(key);
          setFailed(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true);
        });
    }, wait);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, addressKey, refresh]);

  return { quote, failed, updating: answered !== key && !failed };
}
