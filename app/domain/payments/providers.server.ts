import { demoPaymentsAllowed, env, type Env } from "~/env.server";
import { demoGateway } from "./demo-gateway.server";
import { payfastProvider } from "./payfast.server";
import { payflexProvider } from "./payflex.server";
import type { PaymentMethod, PaymentProvider, PaymentProviderName } from "./provider";

/**
 * A provider's credentials as the owner saved them in the settings (decrypted), for the
 * providers to use when the environment sets none. The settings area keeps this slot up to date
 * (at start, after a save, and on each read of the settings row); adapters never read it.
 */
export type StoredProviderConfig = {
  payfast: { merchantId: string; merchantKey: string; passphrase: string; mode: Mode } | null;
  payflex: { clientId: string; clientSecret: string; mode: Mode } | null;
};
type Mode = "sandbox" | "live";

/**
 * Kept on globalThis, as the database is: the server entry (start-up check, background jobs)
 * and the application bundle are separate copies of this module in one process, and must see
 * one set-up.
 */
const GLOBAL_KEY = Symbol.for("bed-shop.stored-provider-config");
type Holder = { [GLOBAL_KEY]?: { config: StoredProviderConfig; from: string } };
const holder = globalThis as Holder;
const NONE: StoredProviderConfig = { payfast: null, payflex: null };

/** `from` names what the set-up was read from, so an unchanged row is not decrypted again. */
export function setStoredProviderConfig(config: StoredProviderConfig, from = ""): void {
  holder[GLOBAL_KEY] = { config, from };
}

/** What the set-up in use was read from ("" when nothing has been read yet). */
export function storedProviderConfigFrom(): string {
  return holder[GLOBAL_KEY]?.from ?? "";
}

/** Whether the environment sets PayFast's or PayFlex's credentials (they then win as a whole). */
export function providerSetByEnvironment(e: Env = env()) {
  return {
    payfast: Boolean(e.PAYFAST_MERCHANT_ID || e.PAYFAST_MERCHANT_KEY),
    payflex: Boolean(e.PAYFLEX_CLIENT_ID || e.PAYFLEX_CLIENT_SECRET),
  };
}

/**
 * The configuration the providers are built from: the environment, and for a provider the
 * environment does not set, what the owner saved. Test and endpoint overrides (API URLs, valid
 * sources) always come from the environment.
 */
export function paymentEnv(e: Env = env()): Env {
  const byEnv = providerSetByEnvironment(e);
  const stored = holder[GLOBAL_KEY]?.config ?? NONE;
  let merged: Env = e;
  if (!byEnv.payfast && stored.payfast) {
    merged = {
      ...merged,
      PAYFAST_MERCHANT_ID: stored.payfast.merchantId,
      PAYFAST_MERCHANT_KEY: stored.payfast.merchantKey,
      PAYFAST_PASSPHRASE: stored.payfast.passphrase || undefined,
      PAYFAST_MODE: stored.payfast.mode,
    };
  }
  if (!byEnv.payflex && stored.payflex) {
    merged = {
      ...merged,
      PAYFLEX_CLIENT_ID: stored.payflex.clientId,
      PAYFLEX_CLIENT_SECRET: stored.payflex.clientSecret,
      PAYFLEX_MODE: stored.payflex.mode,
    };
  }
  return merged;
}

/**
 * The providers this shop is configured for. PayFast (card, instant EFT) and PayFlex are on when
 * their credentials are set; the built-in demo gateway takes every method only when neither is,
 * so a shop with a real provider can never be paid through the demo, and in production only when
 * DEMO_PAYMENTS=true (`npm run demo`): a real shop without a provider takes no payment.
 * Credentials come from the environment or, where it sets none, from the settings (paymentEnv).
 */
export function paymentProviders(environment: Env = env()): PaymentProvider[] {
  const e = paymentEnv(environment);
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
