import crypto from "node:crypto";
import { DomainError } from "~/domain/errors";
import { afterStockChange } from "~/domain/inventory/deliver-stock-alerts.server";
import { createPaymentAttempt, isPayable } from "~/domain/orders/record-payment.server";
import {
  payflexAllows,
  paymentMethodsFor,
  paymentProviders,
  providerForMethod,
} from "~/domain/payments/providers.server";
import { getStoreSettings, storePhone } from "~/domain/settings/store-settings.server";
import { laybyTermsError } from "~/domain/layby/place-plan.server";
import { nextUnpaidInstalment } from "~/domain/layby/pay-instalment.server";
import { checkLaybyTerms } from "~/domain/layby/schedule";
import { shopToday } from "~/lib/dates";
import { env } from "~/env.server";
import { formatMoney } from "~/lib/money";
import { deliveryAddressOf, LAYBY_PAYFLEX_MESSAGE, type CheckoutInput } from "./checkout-schema";
import { orderPageUrl, sendOrderConfirmation } from "./order-mail.server";
import { placeOrder } from "./place-order.server";
import type { DayHolder } from "~/domain/delivery/delivery-holds.server";
import { quoteCheckout } from "./quote.server";
import type { PaymentMethod } from "./totals";

/** A fresh key for one checkout page: submitting that page twice gives one order. */
export function newIdempotencyKey(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/** Checkout submissions allowed per address in 15 minutes (several tries at a card are normal). */
export function checkoutRateLimit(): number {
  return Math.max(30, env().FORM_RATE_LIMIT);
}

/**
 * Completes a checked checkout: places the order (prices and stock from the database), e-mails
 * the confirmation and starts the payment. Returns where the shopper goes next: the payment
 * link, or the order page when the order exists already (a retried submit) or cannot be paid
 * online with that method. Problems the shopper can fix are DomainErrors (a promotion code,
 * items no longer sold or in stock, a payment method this order cannot use, lay-by terms that
 * make no plan for this total). A lay-by's first payment attempt is for its deposit.
 */
export async function completeCheckout(options: {
  input: Omit<CheckoutInput, "layby" | "companyName" | "vatNumber" | "deliveryDay" | "addOns"> & {
    layby?: CheckoutInput["layby"];
    /** Delivery add-ons ticked; none when left out. */
    addOns?: CheckoutInput["addOns"];
    /** The delivery day chosen; required where the address has a delivery zone. */
    deliveryDay?: string;
    companyName?: string;
    vatNumber?: string;
  };
  siteUrl: string;
  /** The signed-in shopper, whose account the order joins; none for a guest. */
  signedInUserId?: string | null;
  /** Who checks out (the client's address, the browser's device), for the caps on day holds. */
  holder?: DayHolder;
}): Promise<{ next: string }> {
  const { input, siteUrl } = options;
  if (paymentProviders().length === 0) {
    const phone = await storePhone().catch(() => "");
    throw new DomainError(
      "unavailable",
      `Online payment is not yet available. Please call us${phone ? ` at ${phone}` : ""} to place your order.`,
      { title: "Payment not available" },
    );
  }
  const provider = providerForMethod(input.paymentMethod);
  if (!provider) {
    throw methodUnavailable(input.paymentMethod, "This payment method is not available.");
  }
  if (input.layby) {
    if (input.paymentMethod === "payflex") {
      throw methodUnavailable("payflex", LAYBY_PAYFLEX_MESSAGE);
    }
    const [quote, settings] = await Promise.all([
      quoteCheckout({
        ...input,
        address: deliveryAddressOf(input),
        signedInUserId: options.signedInUserId,
      }),
      getStoreSettings(),
    ]);
    const problems = checkLaybyTerms({
      totalCents: quote.totals.totalCents,
      depositCents: input.layby.depositCents,
      months: input.layby.months,
      startDay: shopToday(),
      minDepositCents: settings.laybyMinDepositCents,
    });
    if (problems.length > 0) throw laybyTermsError(problems);
  } else if (input.paymentMethod === "payflex") {
    const quote = await quoteCheckout({
      ...input,
      address: deliveryAddressOf(input),
      signedInUserId: options.signedInUserId,
    });
    if (!payflexAllows(quote.totals.totalCents)) {
      const { PAYFLEX_MIN_AMOUNT, PAYFLEX_MAX_AMOUNT } = env();
      const range = `${formatMoney(PAYFLEX_MIN_AMOUNT * 100)} to ${formatMoney(PAYFLEX_MAX_AMOUNT * 100)}`;
      throw methodUnavailable("payflex", `PayFlex is available for orders from ${range}.`);
    }
  }

  const { order, created } = await placeOrder({
    ...input,
    signedInUserId: options.signedInUserId,
    holder: options.holder,
  });
  // A retried or double-clicked submit: the order exists; its page offers payment.
  if (!created) return { next: orderPageUrl("", order) };
  await sendOrderConfirmation(order.id, siteUrl);
  // The stock it reserved may have fallen to a low-stock threshold: tell staff now.
  await afterStockChange();
  // Delivery to be quoted: no payment now; the page says so and the cart is emptied.
  if (order.paymentStatus === "awaiting_quote")
    return { next: `${orderPageUrl("", order)}&from=quote` };
  if (!isPayable(order) || !paymentMethodsFor(order.totalCents).includes(input.paymentMethod)) {
    return { next: orderPageUrl("", order) };
  }
  const deposit = input.layby ? await nextUnpaidInstalment(order.id) : undefined;
  if (input.layby && !deposit) return { next: orderPageUrl("", order) };
  const payment = await createPaymentAttempt(order, input.paymentMethod, provider.name, deposit);
  return { next: `/payments/${payment.reference}` };
}

function methodUnavailable(method: PaymentMethod, fieldMessage: string) {
  return new DomainError(
    "invalid",
    method === "payflex"
      ? "PayFlex cannot be used for this order. Please choose another payment method."
      : "This payment method cannot be used just now. Please choose another.",
    { title: "Payment method unavailable", field: "paymentMethod", fieldMessage },
  );
}
