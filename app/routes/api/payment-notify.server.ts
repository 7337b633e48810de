import { applyPaymentOutcome } from "~/domain/orders/apply-payment-outcome.server";
import { findPayment, findPaymentByProviderReference } from "~/domain/orders/record-payment.server";
import type {
  NotificationResult,
  PaymentLookup,
  PaymentProvider,
} from "~/domain/payments/provider";
import { log } from "~/lib/log.server";
import { siteUrl as shopSiteUrl } from "~/lib/site-url.server";

/**
 * A provider's notification, end to end: its adapter checks it and reads the outcome (changing
 * nothing), the orders area records the outcome (applyPaymentOutcome: the order paid once, its
 * mails), and the adapter's reply goes back with what became of it. A provider that wants its
 * answer first (PayFast) is answered at once and the rest runs after; `background` receives
 * that work (tests await it).
 */
export async function receivePaymentNotification(
  provider: PaymentProvider,
  request: Request,
  clientAddress: string,
  options: { siteUrl?: string; background?: (work: Promise<NotificationResult>) => void } = {},
): Promise<Response> {
  const siteUrl = options.siteUrl ?? shopSiteUrl();
  if (provider.acknowledge) {
    // The body is read before the answer goes, so nothing is read from a finished request.
    const body = await request.text().catch(() => "");
    const copy = new Request(request.url, { method: "POST", headers: request.headers, body });
    const work = readAndRecord(provider, copy, clientAddress, siteUrl).then(
      (done) => done.result,
      (error: unknown) => {
        log.error({ err: error, provider: provider.name }, "A payment notification failed");
        return "error" as const;
      },
    );
    options.background?.(work);
    return provider.acknowledge();
  }
  const { reply } = await readAndRecord(provider, request, clientAddress, siteUrl);
  return reply();
}

/** Reads the notification with the adapter and hands its outcome, if any, to the orders area. */
async function readAndRecord(
  provider: PaymentProvider,
  request: Request,
  clientAddress: string,
  siteUrl: string,
): Promise<{ result: NotificationResult; reply: () => Response }> {
  const reading = await provider.readNotification(request, clientAddress, lookupFor(provider));
  if (!reading.outcome) return { result: reading.why, reply: reading.reply };
  const { outcome } = reading;
  let result: NotificationResult;
  try {
    result = (await applyPaymentOutcome(outcome, siteUrl)).result;
  } catch (error) {
    log.error(
      { err: error, provider: provider.name, payment: outcome.reference },
      "A payment outcome could not be recorded",
    );
    return { result: "error", reply: () => reading.reply("error") };
  }
  log.info(
    {
      provider: provider.name,
      payment: outcome.reference,
      providerReference: outcome.providerReference,
      from: clientAddress,
    },
    `Payment notification: ${result}`,
  );
  return { result, reply: () => reading.reply(result) };
}

/** The shop's payments as an adapter may look them up: by our reference, or by its own id. */
function lookupFor(provider: PaymentProvider): PaymentLookup {
  return async (by) =>
    ("reference" in by
      ? await findPayment(by.reference)
      : await findPaymentByProviderReference(provider.name, by.providerReference)) ?? null;
}
