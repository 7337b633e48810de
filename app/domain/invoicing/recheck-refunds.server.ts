import { and, eq, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, payments, refundParts, refunds } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { mailRefundIfCompleted } from "~/domain/orders/refund-mail.server";
import { askProviders, recordPartAnswer } from "~/domain/refunds/pay-back.server";
import { formatMoney } from "~/lib/money";
import { settleOrderRefund } from "./refund-order.server";

type Actor = Pick<SessionUser, "id" | "email">;

/** Longer than any provider's answer can take (their requests time out within a minute). */
export const UNANSWERED_AFTER_MINUTES = 15;
/** How often a provider is asked again about a refund whose answer is not known. */
export const ASK_AGAIN_AFTER_MINUTES = 5;

/**
 * The job that finishes refunds nobody is finishing: one a stopped process left pending (asked
 * of the provider, answer never kept) has its unasked parts marked unknown, since the provider
 * may have paid; a refund awaiting the provider is asked about again; and each is then settled,
 * which completes one whose parts were all paid (its credit note issued), never marks failed one
 * the provider may have paid, and frees only what a provider definitely refused. Answers how
 * many refunds it settled as completed or failed.
 */
export async function recheckRefunds(now = new Date()): Promise<number> {
  const unanswered = new Date(now.getTime() - UNANSWERED_AFTER_MINUTES * 60_000);
  const askAgain = new Date(now.getTime() - ASK_AGAIN_AFTER_MINUTES * 60_000);
  const stuck = await db()
    .select({ id: refunds.id, reason: refunds.reason, status: refunds.status })
    .from(refunds)
    .where(
      or(
        and(eq(refunds.status, "pending"), lt(refunds.updatedAt, unanswered)),
        and(eq(refunds.status, "awaiting_provider"), lt(refunds.updatedAt, askAgain)),
      ),
    );
  let settled = 0;
  for (const refund of stuck) {
    // Claimed by the UPDATE that touches it (so the next run asks again only after
    // ASK_AGAIN_AFTER_MINUTES): two processes never ask the provider about it twice at once.
    const [claimed] = await db()
      .update(refunds)
      .set({ updatedAt: now })
      .where(
        and(
          eq(refunds.id, refund.id),
          eq(refunds.status, refund.status),
          lt(refunds.updatedAt, refund.status === "pending" ? unanswered : askAgain),
        ),
      )
      .returning({ id: refunds.id });
    if (!claimed) continue;
    await db()
      .update(refundParts)
      .set({
        status: "unknown",
        failure: "the shop stopped before the provider answered",
        updatedAt: now,
      })
      .where(and(eq(refundParts.refundId, refund.id), eq(refundParts.status, "pending")));
    await askProviders({
      refundId: refund.id,
      reason: refund.reason,
      statuses: ["unknown"],
      now: () => now,
    });
    const result = await mailRefundIfCompleted(
      await settleOrderRefund({ refundId: refund.id, now }),
    );
    if (result.status !== "awaiting") settled += 1;
  }
  return settled;
}

/** Staff's "Ask again": the provider is asked now about the refund's parts not known. */
export async function askAgainAboutRefund(options: {
  orderId: number;
  refundId: number;
  actor: Actor;
}) {
  const refund = await awaitingRefund(options);
  await askProviders({
    refundId: refund.id,
    reason: refund.reason,
    statuses: ["unknown", "pending"],
  });
  return mailRefundIfCompleted(
    await settleOrderRefund({ refundId: refund.id, actor: options.actor }),
  );
}

/**
 * Staff record what they found for one part of a refund awaiting an answer, after checking the
 * provider's records or paying it back themselves: paid (by the provider, or by hand with the
 * EFT's or till's reference), or not paid by the provider (which frees its amount once no part
 * paid). Audited.
 */
export async function recordRefundPart(options: {
  orderId: number;
  refundId: number;
  partId: number;
  outcome: "paid_by_provider" | "paid_by_hand" | "not_paid";
  reference: string;
  actor: Actor;
}) {
  const refund = await awaitingRefund(options);
  const [part] = await db()
    .select()
    .from(refundParts)
    .where(and(eq(refundParts.id, options.partId), eq(refundParts.refundId, refund.id)));
  if (!part || part.status === "paid") {
    throw conflict("This part of the refund is settled already.");
  }
  const now = new Date();
  if (options.outcome === "paid_by_hand") {
    await db()
      .update(refundParts)
      .set({
        method: "hand",
        paymentId: null,
        status: "paid",
        reference: options.reference,
        failure: "",
        checkedAt: now,
        updatedAt: now,
      })
      .where(eq(refundParts.id, part.id));
  } else if (options.outcome === "paid_by_provider") {
    await recordPartAnswer(part.id, { status: "paid", providerRefundId: options.reference }, now);
  } else {
    await recordPartAnswer(
      part.id,
      { status: "refused", why: "Staff found in the provider's records that it did not pay." },
      now,
    );
  }
  await recordAudit({
    action: "refund_part_recorded",
    actorId: options.actor.id,
    actorEmail: options.actor.email,
    subject: `order:${refund.orderNumber}`,
    details: {
      part: part.id,
      amountCents: part.amountCents,
      outcome: options.outcome,
      reference: options.reference,
      amount: formatMoney(part.amountCents, { cents: true }),
    },
  });
  return mailRefundIfCompleted(
    await settleOrderRefund({ refundId: refund.id, actor: options.actor }),
  );
}

async function awaitingRefund(options: { orderId: number; refundId: number }) {
  const [row] = await db()
    .select({ refund: refunds, orderNumber: orders.number })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.id, options.refundId), eq(refunds.orderId, options.orderId)));
  if (!row) throw notFound("This refund does not exist.");
  const refund = { ...row.refund, orderNumber: row.orderNumber };
  if (refund.status !== "awaiting_provider") {
    throw conflict("This refund is not awaiting an answer: there is nothing to record.");
  }
  return refund;
}

/** The parts of an order's refunds awaiting an answer, for the order page's forms. */
export async function listAwaitingRefundParts(orderId: number) {
  return db()
    .select({
      refundId: refunds.id,
      partId: refundParts.id,
      method: refundParts.method,
      provider: payments.provider,
      amountCents: refundParts.amountCents,
      status: refundParts.status,
      reference: refundParts.reference,
      failure: refundParts.failure,
    })
    .from(refundParts)
    .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
    .leftJoin(payments, eq(payments.id, refundParts.paymentId))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "awaiting_provider")))
    .orderBy(refundParts.refundId, refundParts.id);
}

export type AwaitingRefundPart = Awaited<ReturnType<typeof listAwaitingRefundParts>>[number];
