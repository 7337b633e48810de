import { data, redirect } from "react-router";
import { z } from "zod";
import { applyPaymentOutcome } from "~/domain/payments/apply-outcome.server";
import {
  createPaymentAttempt,
  findPayment,
  isPayable,
  type Payment,
} from "~/domain/payments/payments.server";
import {
  paymentMethodsFor,
  providerByName,
  providerForMethod,
} from "~/domain/payments/providers.server";
import type { PaymentStart, StartContext } from "~/domain/payments/provider";
import { findOrderForShopper, getOrderDetails, type OrderDetails } from "./get-order.server";
import { orderPageUrl } from "./order-mail.server";

const payFormSchema = z.object({
  paymentMethod: z.enum(["card", "payfast", "payflex"], { message: "Choose a payment method." }),
});

/** The order page's "Pay now": a new payment attempt with the chosen method, then to its provider. */
export async function payAgain(number: number, token: string, formData: FormData) {
  const order = await findOrderForShopper(number, token);
  if (!order) throw data("Order not found", { status: 404 });
  const parsed = payFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return data(
      { error: parsed.error.issues[0]?.message ?? "Choose a payment method." },
      { status: 400 },
    );
  }
  if (!isPayable(order)) {
    return data({ error: "This order can no longer be paid. Please contact us." }, { status: 409 });
  }
  const method = parsed.data.paymentMethod;
  const provider = providerForMethod(method);
  if (!provider || !paymentMethodsFor(order.totalCents).includes(method)) {
    return data({ error: "This payment method cannot be used for this order." }, { status: 400 });
  }
  const payment = await createPaymentAttempt(order, method, provider.name);
  throw redirect(`/payments/${payment.reference}`);
}

/** What a provider is told when a payment starts: the order, the amount, the shop's addresses. */
export function paymentStartContext(
  order: Pick<
    OrderDetails,
    | "number"
    | "firstName"
    | "lastName"
    | "email"
    | "phone"
    | "address"
    | "city"
    | "postalCode"
    | "totalCents"
    | "vatCents"
    | "deliveryCents"
  > & { lines: StartContext["order"]["lines"] },
  payment: Pick<Payment, "reference" | "method" | "amountCents" | "provider">,
  siteUrl: string,
): StartContext {
  return {
    order: {
      number: order.number,
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      postalCode: order.postalCode,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      deliveryCents: order.deliveryCents,
      lines: order.lines,
    },
    payment: {
      reference: payment.reference,
      method: payment.method,
      amountCents: payment.amountCents,
    },
    urls: {
      returnUrl: `${siteUrl}/payments/${payment.reference}/return`,
      cancelUrl: `${siteUrl}/payments/${payment.reference}/return?cancelled=1`,
      notifyUrl: `${siteUrl}/api/payments/${payment.provider}/notify`,
    },
  };
}

/**
 * Sends the shopper from our payment link to the provider's page: a redirect, or the provider's
 * signed form for the browser to post. A settled payment or a closed order goes back to the
 * order page instead.
 */
export async function startPayment(
  reference: string,
  siteUrl: string,
): Promise<{ form: Extract<PaymentStart, { kind: "form" }>; provider: string }> {
  const payment = await findPayment(reference);
  if (!payment) throw data("Payment not found", { status: 404 });
  const order = await getOrderDetails(payment.orderId);
  if (!order) throw data("Payment not found", { status: 404 });
  if (payment.status !== "pending" || !isPayable(order)) {
    throw redirect(orderPageUrl("", order));
  }
  const provider = providerByName(payment.provider);
  if (!provider) {
    // The shop's payment set-up changed since this link was made: choose again.
    throw redirect(orderPageUrl("", order));
  }
  let start: PaymentStart;
  try {
    start = await provider.start(paymentStartContext(order, payment, siteUrl));
  } catch (error) {
    // The provider refused or could not be reached: the order page says so and offers a retry.
    console.error(`Could not start a ${payment.provider} payment: ${(error as Error).message}`);
    throw redirect(`${orderPageUrl("", order)}&problem=provider`);
  }
  if (start.kind === "redirect") throw redirect(start.url);
  return { form: start, provider: provider.name };
}

/**
 * Where providers send the shopper back: asks the provider where it can be asked (PayFlex),
 * then shows the order page, which says what became of the payment.
 */
export async function returnFromPayment(reference: string, siteUrl: string) {
  const payment = await findPayment(reference);
  if (!payment) throw data("Payment not found", { status: 404 });
  const order = await getOrderDetails(payment.orderId);
  if (!order) throw data("Payment not found", { status: 404 });
  const provider = providerByName(payment.provider);
  if (payment.status === "pending" && provider?.fetchOutcome) {
    try {
      const outcome = await provider.fetchOutcome(payment);
      if (outcome) await applyPaymentOutcome(outcome, siteUrl);
    } catch (error) {
      console.error(
        `Could not ask ${payment.provider} about ${reference}: ${(error as Error).message}`,
      );
    }
  }
  throw redirect(`${orderPageUrl("", order)}&from=payment`);
}
