import crypto from "node:crypto";
import { data, redirect } from "react-router";
import { createPaymentAttempt, isPayable } from "~/domain/payments/payments.server";
import {
  payflexAllows,
  paymentMethodsFor,
  paymentProviders,
  providerForMethod,
} from "~/domain/payments/providers.server";
import { guardPublicForm, invalidForm } from "~/domain/security/public-form.server";
import { storePhone } from "~/domain/settings/store-settings.server";
import { env } from "~/env.server";
import { parseForm, submittedValues, type FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { readForm } from "~/lib/request-input.server";
import { checkoutSchema } from "./checkout-schema";
import { orderPageUrl, sendOrderConfirmation } from "./order-mail.server";
import { OutOfStockError } from "./order-stock.server";
import { NotSoldError, placeOrder } from "./place-order.server";
import { PromotionError } from "./promotions.server";
import { quoteCheckout } from "./quote.server";
import type { PaymentMethod } from "./totals";

/** A fresh key for one checkout page: submitting that page twice gives one order. */
export function newIdempotencyKey(): string {
  return crypto.randomBytes(18).toString("base64url");
}

/** Checkout submissions allowed per address in 15 minutes (several tries at a card are normal). */
const CHECKOUT_RATE_LIMIT = 30;

function refuse(
  status: number,
  formData: FormData,
  alert: { title: string; description: string },
  fieldErrors: Record<string, string> = {},
) {
  const body: FormActionResult = {
    ok: false,
    alert,
    fieldErrors,
    values: submittedValues(formData),
  };
  return data(body, { status });
}

/**
 * The checkout's action: checks the form, places the order (prices and stock from the database),
 * e-mails the confirmation and sends the shopper on to pay. Problems the shopper can fix come
 * back as 4xx with a message and everything typed; anything else is "Order Failed" with the
 * shop's phone number.
 */
export async function submitCheckout(
  request: Request,
  context: { clientAddress: string },
  siteUrl: string,
) {
  const formData = await readForm(request);
  const blocked = await guardPublicForm({
    form: "checkout",
    formData,
    clientAddress: context.clientAddress,
    limit: Math.max(CHECKOUT_RATE_LIMIT, env().FORM_RATE_LIMIT),
  });
  if (blocked) return blocked;
  const parsed = parseForm(checkoutSchema, formData);
  if (!parsed.ok) return invalidForm(parsed, formData);
  const input = parsed.data;

  const provider = providerForMethod(input.paymentMethod);
  if (paymentProviders().length === 0) {
    const phone = await storePhone().catch(() => "");
    return refuse(503, formData, {
      title: "Payment not available",
      description: `Online payment is not yet available. Please call us${phone ? ` at ${phone}` : ""} to place your order.`,
    });
  }
  if (!provider) {
    return refuse(400, formData, methodUnavailable(input.paymentMethod), {
      paymentMethod: "This payment method is not available.",
    });
  }
  try {
    if (input.paymentMethod === "payflex") {
      const quote = await quoteCheckout(input);
      if (!payflexAllows(quote.totals.totalCents)) {
        const { PAYFLEX_MIN_AMOUNT, PAYFLEX_MAX_AMOUNT } = env();
        const range = `${formatMoney(PAYFLEX_MIN_AMOUNT * 100)} to ${formatMoney(PAYFLEX_MAX_AMOUNT * 100)}`;
        return refuse(400, formData, methodUnavailable("payflex"), {
          paymentMethod: `PayFlex is available for orders from ${range}.`,
        });
      }
    }

    const { order, created } = await placeOrder(input);
    if (!created) {
      // A retried or double-clicked submit: the order exists; its page offers payment.
      throw redirect(orderPageUrl("", order));
    }
    await sendOrderConfirmation(order.id, siteUrl);
    if (!isPayable(order) || !paymentMethodsFor(order.totalCents).includes(input.paymentMethod)) {
      throw redirect(orderPageUrl("", order));
    }
    const payment = await createPaymentAttempt(order, input.paymentMethod, provider.name);
    throw redirect(`/payments/${payment.reference}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof PromotionError) {
      return refuse(
        400,
        formData,
        { title: "Promotion code", description: error.message },
        {
          promoCode: error.message,
        },
      );
    }
    if (error instanceof NotSoldError) {
      return refuse(409, formData, {
        title: "Some items are no longer available",
        description: "Remove them from your cart and try again; nothing else has changed.",
      });
    }
    if (error instanceof OutOfStockError) {
      return refuse(409, formData, {
        title: "Not enough stock",
        description:
          "Someone bought the last of an item just now. Lower its quantity or remove it from your cart and try again.",
      });
    }
    console.error(`Checkout failed: ${(error as Error).message}`);
    const phone = await storePhone().catch(() => "");
    return refuse(500, formData, {
      title: "Order Failed",
      description: `Something went wrong. Please try again or contact us at ${phone || "the shop"}.`,
    });
  }
}

function methodUnavailable(method: PaymentMethod) {
  return {
    title: "Payment method unavailable",
    description:
      method === "payflex"
        ? "PayFlex cannot be used for this order. Please choose another payment method."
        : "This payment method cannot be used just now. Please choose another.",
  };
}
