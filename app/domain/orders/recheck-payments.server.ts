import { siteUrl as shopSiteUrl } from "~/lib/site-url.server";
import { applyPaymentOutcome } from "./apply-payment-outcome.server";
import {
  claimPaymentCheck,
  findPayment,
  pendingPayments,
  type Payment,
  type RecordResult,
} from "./record-payment.server";
import type { PaymentProvider } from "~/domain/payments/provider";
import { paymentProviders, providerByName } from "~/domain/payments/providers.server";
import { log } from "~/lib/log.server";

export type CheckResult = RecordResult | "pending" | "not_checkable" | "error";

/** Asks the provider about one payment and records what it says (nothing while undecided). */
export async function checkPayment(
  provider: PaymentProvider,
  payment: Pick<Payment, "reference" | "providerReference" | "amountCents">,
  siteUrl: string,
): Promise<CheckResult> {
  if (!provider.fetchOutcome) return "not_checkable";
  try {
    const outcome = await provider.fetchOutcome(payment);
    if (!outcome) return "pending";
    const { result } = await applyPaymentOutcome(outcome, siteUrl);
    return result;
  } catch (error) {
    log.error(
      { err: error, provider: provider.name, payment: payment.reference },
      "Could not check a pending payment",
    );
    return "error";
  }
}

/**
 * Re-checks one payment now, e.g. when the shopper comes back from PayFlex's page. Safe to call
 * at any time and from any process: an outcome is recorded once (recordPaymentOutcome locks the
 * payment and ignores a settled one), and only that one call sends the payment e-mails.
 */
export async function recheckPayment(
  reference: string,
  siteUrl = shopSiteUrl(),
): Promise<CheckResult> {
  const payment = await findPayment(reference);
  if (!payment) return "unknown_payment";
  if (payment.status !== "pending") return "duplicate";
  const provider = providerByName(payment.provider);
  if (!provider) return "not_checkable";
  return checkPayment(provider, payment, siteUrl);
}

/**
 * For every configured provider that can be asked (PayFlex), asks about its pending payments
 * and records the answers. Meant for a periodic job; several processes may run it at once:
 * each payment is claimed for one check at a time (claimPaymentCheck), and recording an
 * outcome is idempotent, so no order is paid, e-mailed or moved twice.
 */
export async function recheckPendingPayments(
  options: { siteUrl?: string; limit?: number } = {},
): Promise<{ checked: number; results: Partial<Record<CheckResult, number>> }> {
  const siteUrl = options.siteUrl ?? shopSiteUrl();
  const results: Partial<Record<CheckResult, number>> = {};
  let checked = 0;
  for (const provider of paymentProviders()) {
    if (!provider.fetchOutcome) continue;
    for (const payment of await pendingPayments(provider.name, options.limit)) {
      if (!(await claimPaymentCheck(payment.id))) continue;
      const result = await checkPayment(provider, payment, siteUrl);
      checked++;
      results[result] = (results[result] ?? 0) + 1;
    }
  }
  return { checked, results };
}
