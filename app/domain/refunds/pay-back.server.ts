import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { payments, refundParts } from "~/db/schema";
import { PROVIDER_NAMES, type RefundAnswer } from "~/domain/payments/provider";
import { providerByName } from "~/domain/payments/providers.server";
import { log } from "~/lib/log.server";
import { moveRefundPart } from "./refund-writes.server";
import { capitalised } from "./refund-words";

export { capitalised };

/** Our reference for one part of a refund, which the provider keeps with it. */
export const partReference = (partId: number) => `RP-${partId}`;

/**
 * The reference a part is asked under: ours, or, for a part carried over from a lay-by's own
 * refund rows (asked as "LB-<id>" before they became parts), the one it was asked under then,
 * so a provider that keys refunds by it is never asked to pay twice.
 */
export const requestReference = (part: { id: number; status: string; reference: string }) =>
  part.status !== "paid" && part.reference.startsWith("LB-")
    ? part.reference
    : partReference(part.id);

/**
 * Asks the provider of each of the refund's parts in `statuses` (pending: not asked yet;
 * unknown: asked, answer not known) and keeps each answer on its part at once, in a
 * transaction of its own, so a process that stops after the provider paid loses nothing: the
 * answer is there for completion to be retried. Pending parts are asked to pay; unknown ones are
 * looked up (a provider that keys refunds by our reference is asked the same again).
 */
export async function askProviders(options: {
  refundId: number;
  reason: string;
  statuses: readonly ("pending" | "unknown")[];
  now?: () => Date;
}) {
  const now = options.now ?? (() => new Date());
  const rows = await db()
    .select({ part: refundParts, payment: payments })
    .from(refundParts)
    .innerJoin(payments, eq(payments.id, refundParts.paymentId))
    .where(
      and(
        eq(refundParts.refundId, options.refundId),
        eq(refundParts.method, "provider"),
        inArray(refundParts.status, [...options.statuses]),
      ),
    )
    .orderBy(asc(refundParts.id));
  for (const { part, payment } of rows) {
    const provider = providerByName(payment.provider);
    const request = {
      payment: {
        reference: payment.reference,
        providerReference: payment.providerReference,
        amountCents: payment.amountCents,
      },
      amountCents: part.amountCents,
      reason: options.reason,
      reference: requestReference(part),
    };
    let answer: RefundAnswer;
    if (!provider) {
      answer =
        part.status === "pending"
          ? {
              status: "refused",
              why: `${capitalised(PROVIDER_NAMES[payment.provider])} is not set up now.`,
            }
          : {
              status: "unknown",
              why: `${capitalised(PROVIDER_NAMES[payment.provider])} is not set up now: check its records.`,
            };
    } else {
      try {
        answer =
          part.status === "pending"
            ? await provider.refund(request)
            : await provider.lookupRefund(request);
      } catch (error) {
        // An adapter answers rather than throws; anything thrown is an answer not known.
        log.error({ err: error, part: part.id }, "A refund's provider call failed");
        answer = {
          status: "unknown",
          why: `${capitalised(PROVIDER_NAMES[payment.provider])} could not be asked.`,
        };
      }
    }
    await recordPartAnswer(part.id, answer, now());
  }
}

/** Keeps a provider's answer on its part; a part settled already (paid, refused) stays so. */
export async function recordPartAnswer(partId: number, answer: RefundAnswer, now: Date) {
  await moveRefundPart(db(), {
    partId,
    from: ["pending", "unknown"],
    ...(answer.status === "paid"
      ? { to: "paid", reference: answer.providerRefundId }
      : { to: answer.status, why: answer.why }),
    checkedAt: now,
    now,
  });
}
