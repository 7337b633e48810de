import type { PaymentMethod } from "~/domain/orders/totals";
import { demoPaymentsAllowed, env, type Env } from "~/env.server";
import { demoGateway } from "./demo-gateway.server";
import { payfastProvider } from "./payfast.server";
import { payflexProvider } from "./payflex.server";
import type { PaymentProvider, PaymentProviderName } from "./provider";

/**
 * The providers this shop is configured for. PayFast (card, instant EFT) and PayFlex are on when
 * their credentials are set; the built-in demo gateway takes every method only when neither is,
 * so a shop with a real provider can never be paid through the demo, and in production only when
 * DEMO_PAYMENTS=true (`npm run demo`): a real shop without a provider takes no payment.
 */
export function paymentProviders(e: Env = env()): PaymentProvider[] {
  const real: PaymentProvider[] = [];
  for (const factory of realProviderFactories) {
    const provider = factory(e);
    if (provider) real.push(provider);
  }
  if (real.length > 0) return real;
  return demoPaymentsAllowed(e) ? [demoGateway()] : [];
}

type ProviderFactory = (e: Env) => PaymentProvider | null;

/** Each real provider's factory answers null when its credentials are not configured. */
const realProviderFactories: ProviderFactory[] = [
  (e) => payfastProvider(e),
  (e) => payflexProvider(e),
];

export function providerByName(name: string, e: Env = env()): PaymentProvider | null {
  return paymentProviders(e).find((p) => p.name === name) ?? null;
}

export function providerForMethod(method: PaymentMethod, e: Env = env()): PaymentProvider | null {
  return paymentProviders(e).find((p) => p.methods.includes(method)) ?? null;
}

export function isDemoPayments(e: Env = env()): boolean {
  return paymentProviders(e).some((p) => p.name === "demo");
}

/** PayFlex is offered only for totals inside its configured range. */
export function payflexAllows(totalCents: number, e: Env = env()): boolean {
  return totalCents >= e.PAYFLEX_MIN_AMOUNT * 100 && totalCents <= e.PAYFLEX_MAX_AMOUNT * 100;
}

/** The payment methods the checkout offers for a total, in the specification's order. */
export function paymentMethodsFor(totalCents: number, e: Env = env()): PaymentMethod[] {
  const methods: PaymentMethod[] = ["card", "payfast", "payflex"];
  return methods.filter(
    (m) => providerForMethod(m, e) !== null && (m !== "payflex" || payflexAllows(totalCents, e)),
  );
}

export type { PaymentProviderName };
