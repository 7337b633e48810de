import { z } from "zod";
import { conflict, invalid, notFound } from "~/domain/errors";
import { applyPaymentOutcome } from "./apply-payment-outcome.server";
import {
  createPaymentAttempt,
  findPayment,
  isPayable,
  setProviderReference,
  type Payment,
} from "./record-payment.server";
import {
  paymentMethodsFor,
  providerByName,
  providerForMethod,
} from "~/domain/payments/providers.server";
import type { PaymentStart, StartContext } from "~/domain/payments/provider";
import { instalmentNameOf, nextUnpaidInstalment } from "~/domain/layby/pay-instalment.server";
import {
  findOrderForAccount,
  findOrderForShopper,
  getOrderDetails,
  type OrderDetails,
} from "./get-order.server";
import { orderPageUrl } from "./order-mail.server";
import { log } from "~/lib/log.server";
import { addOnsTotalCents } from "./add-ons";
import { db } from "~/db/client.server";
import { letDeliveryHoldGo } from "~/domain/delivery/delivery-holds.server";

/** The order page's "Pay now" form. */
export const payAgainSchema = z.object({
  paymentMethod: z.enum(["card", "payfast", "payflex"], { message: "Choose a payment method." }),
});

/**
 * The order page's "Pay now" (or "Pay next instalment" of a lay-by): a new payment attempt
 * with the chosen method. Returns the payment link that takes the shopper on to its provider.
 */
export async function payAgain(options: {
  number: number;
  token: string;
  paymentMethod: z.output<typeof payAgainSchema>["paymentMethod"];
}): Promise<{ next: string }> {
  const order = await findOrderForShopper(options.number, options.token);
  if (!order) throw notFound("Order not found");
  return startNextPayment(order, options.paymentMethod);
}

/** The same from the signed-in shopper's account: only an order of that account. */
export async function payAgainForAccount(options: {
  number: number;
  userId: string;
  paymentMethod: z.output<typeof payAgainSchema>["paymentMethod"];
}): Promise<{ next: string }> {
  const order = await findOrderForAccount(options.number, options.userId);
  if (!order) throw notFound("Order not found");
  return startNextPayment(order, options.paymentMethod);
}

/**
 * A lay-by's next payment is what is left of its earliest instalment not paid in full (all of
 * it, or the rest after a part payment at the showroom); any other order's is its total.
 */
async function startNextPayment(
  order: OrderDetails,
  method: z.output<typeof payAgainSchema>["paymentMethod"],
): Promise<{ next: string }> {
  if (!isPayable(order)) throw conflict("This order can no longer be paid. Please contact us.");
  const instalment = await nextUnpaidInstalment(order.id);
  if (instalment && !LAYBY_PAYABLE.includes(instalment.planStatus)) {
    throw conflict("This lay-by can no longer be paid. Please contact us.");
  }
  const provider = providerForMethod(method);
  const methods = instalment
    ? laybyPaymentMethods(instalment.amountCents - instalment.paidCents)
    : paymentMethodsFor(order.totalCents);
  if (!provider || !methods.includes(method)) {
    throw invalid("This payment method cannot be used for this order.", "paymentMethod");
  }
  const payment = await createPaymentAttempt(order, method, provider.name, instalment);
  return { next: `/payments/${payment.reference}` };
}

const LAYBY_PAYABLE: string[] = ["awaiting_deposit", "active"];

/** How a lay-by's payments may be made: as any payment, but never PayFlex (no credit on credit). */
export function laybyPaymentMethods(amountCents: number) {
  return paymentMethodsFor(amountCents).filter((m) => m !== "payflex");
}

/**
 * Whether a payment link may still be paid: a whole-order attempt while the order is unpaid,
 * an instalment's while that instalment is unpaid, its plan open and the attempt still for what
 * is left of it.
 */
async function attemptStillPayable(payment: Payment, order: OrderDetails) {
  if (payment.status !== "pending" || !isPayable(order)) return false;
  if (payment.instalmentId === null) return order.paymentStatus === "unpaid";
  const next = await nextUnpaidInstalment(order.id);
  // A part payment since the attempt began changes what is left: that link pays no more.
  return (
    next?.id === payment.instalmentId &&
    payment.amountCents === next.amountCents - next.paidCents &&
    LAYBY_PAYABLE.includes(next.planStatus)
  );
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
    | "complex"
    | "suburb"
    | "city"
    | "postalCode"
    | "totalCents"
    | "vatCents"
    | "deliveryCents"
    | "removalCents"
    | "assemblyCents"
  > & { lines: StartContext["order"]["lines"] },
  payment: Pick<
    Payment,
    "reference" | "method" | "amountCents" | "provider" | "providerReference" | "details"
  >,
  siteUrl: string,
  /** A lay-by's payment: which of the plan's payments it is ("Lay-by deposit"). */
  instalment?: string,
): StartContext {
  return {
    order: {
      number: order.number,
      firstName: order.firstName,
      lastName: order.lastName,
      email: order.email,
      phone: order.phone,
      address: order.address,
      complex: order.complex,
      suburb: order.suburb,
      city: order.city,
      postalCode: order.postalCode,
      totalCents: order.totalCents,
      vatCents: order.vatCents,
      // A provider's shipping amount: delivery and the add-ons done with it (docs/decisions/046).
      deliveryCents: order.deliveryCents + addOnsTotalCents(order),
      lines: order.lines,
    },
    payment: {
      reference: payment.reference,
      method: payment.method,
      amountCents: payment.amountCents,
      description: `Order ${order.number}${instalment ? `: ${instalment}` : ""}`,
      providerReference: payment.providerReference,
      details: payment.details,
    },
    urls: {
      returnUrl: `${siteUrl}/payments/${payment.reference}/return`,
      cancelUrl: `${siteUrl}/payments/${payment.reference}/return?cancelled=1`,
      notifyUrl: `${siteUrl}/api/payments/${payment.provider}/notify`,
    },
  };
}

/** A payment link's payment and its order; not found when either is missing. */
async function paymentWithOrder(reference: string) {
  const payment = await findPayment(reference);
  const order = payment && (await getOrderDetails(payment.orderId));
  if (!payment || !order) throw notFound("Payment not found");
  return { payment, order };
}

/**
 * Starts the payment of our payment link with its provider: the provider's page to go to, or
 * its signed form for the browser to post. A settled payment or a closed order goes back to
 * the order page instead.
 */
export async function startPayment(options: {
  reference: string;
  siteUrl: string;
}): Promise<
  | { kind: "redirect"; url: string }
  | { kind: "form"; form: Extract<PaymentStart, { kind: "form" }>; provider: string }
> {
  const { payment, order } = await paymentWithOrder(options.reference);
  if (!(await attemptStillPayable(payment, order))) {
    return { kind: "redirect", url: orderPageUrl("", order) };
  }
  const provider = providerByName(payment.provider);
  if (!provider) {
    // The shop's payment set-up changed since this link was made: choose again.
    return { kind: "redirect", url: orderPageUrl("", order) };
  }
  let start: PaymentStart;
  try {
    const instalment = payment.instalmentId
      ? await instalmentNameOf(payment.instalmentId)
      : undefined;
    start = await provider.start(paymentStartContext(order, payment, options.siteUrl, instalment));
  } catch (error) {
    // The provider refused or could not be reached: the order page says so and offers a retry.
    log.error({ err: error, provider: payment.provider }, "Could not start a payment");
    return { kind: "redirect", url: `${orderPageUrl("", order)}&problem=provider` };
  }
  if (start.opened) {
    const { providerReference, details } = start.opened;
    await setProviderReference(payment.reference, providerReference, details);
  }
  if (start.kind === "redirect") return { kind: "redirect", url: start.url };
  return { kind: "form", form: start, provider: provider.name };
}

/**
 * Where providers send the shopper back: asks the provider where it can be asked (PayFlex); by
 * the cancel link, the order's delivery day is no longer held.
 * Returns the order page to show, which says what became of the payment: the account's page of
 * the order when the signed-in shopper owns it, else the page of the order's link.
 */
export async function returnFromPayment(options: {
  reference: string;
  siteUrl: string;
  /** The signed-in shopper, if any: an order of their account goes back to its account page. */
  accountUserId?: string | null;
  /** The provider sent the shopper back by its cancel link: they left the payment. */
  cancelled?: boolean;
}): Promise<{ next: string }> {
  const { reference, siteUrl } = options;
  const { payment, order } = await paymentWithOrder(reference);
  const provider = providerByName(payment.provider);
  if (options.cancelled && payment.status === "pending" && payment.instalmentId === null) {
    // Left at the provider's page: the day the order held is free for others at once. Only
    // ever lets a hold go, so a forged cancel link costs its sender their own day.
    await db().transaction((tx) => letDeliveryHoldGo(tx, { orderId: order.id }));
  }
  if (payment.status === "pending" && provider?.fetchOutcome) {
    try {
      const outcome = await provider.fetchOutcome(payment);
      if (outcome) await applyPaymentOutcome(outcome, siteUrl);
    } catch (error) {
      log.error(
        { err: error, provider: payment.provider, payment: reference },
        "Could not ask the provider about a payment",
      );
    }
  }
  if (options.accountUserId && order.customerUserId === options.accountUserId) {
    return { next: `/account/orders/${order.number}?from=payment` };
  }
  return { next: `${orderPageUrl("", order)}&from=payment` };
}
