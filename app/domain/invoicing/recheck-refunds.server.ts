import { and, eq, exists, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, payments, refundParts, refunds } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, invalid, notFound } from "~/domain/errors";
import { settleLaybyRefund } from "~/domain/layby/layby-pay-back.server";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { mailRefundIfCompleted } from "~/domain/orders/refund-mail.server";
import { askProviders, recordPartAnswer } from "~/domain/refunds/pay-back.server";
import { howPaidBack } from "~/domain/refunds/refund-words";
import { settleOwedRefund } from "~/domain/refunds/settle-owed.server";
import { formatMoney } from "~/lib/money";
import { refundOwedBack } from "./money-owed-back.server";
import { settleOrderRefund, type SettledRefund } from "./refund-order.server";

type Actor = Pick<SessionUser, "id" | "email">;

/** Longer than any provider's answer can take (their requests time out within a minute). */
export const UNANSWERED_AFTER_MINUTES = 15;
/** How often a provider is asked again about a refund whose answer is not known. */
export const ASK_AGAIN_AFTER_MINUTES = 5;

/**
 * Settles a refund of any kind from what its parts say, in its own area: an order's
 * (settleOrderRefund: credit note, stock back), a lay-by's (settleLaybyRefund), or a payment
 * the shop could not keep (settlePaymentRefund). An order refund's e-mail goes once it
 * completes. Safe to repeat.
 */
export async function settleRefund(options: {
  refundId: number;
  actor?: Actor;
  now?: Date;
}): Promise<SettledRefund> {
  const [refund] = await db()
    .select({ kind: refunds.kind })
    .from(refunds)
    .where(eq(refunds.id, options.refundId));
  if (!refund) throw notFound("This refund does not exist.");
  if (refund.kind === "layby") return settleLaybyRefund(options);
  if (refund.kind === "payment") return settlePaymentRefund(options);
  return mailRefundIfCompleted(await settleOrderRefund(options));
}

/**
 * A payment the shop could not keep (it arrived after its order was cancelled or expired, or
 * paid it twice), settled with the order locked: paid back, it gets its ledger row (so the
 * order's money nets to nothing) and a line on the timeline; otherwise it stays held.
 */
async function settlePaymentRefund(options: {
  refundId: number;
  actor?: Actor;
  now?: Date;
}): Promise<SettledRefund> {
  const now = options.now ?? new Date();
  const actor = options.actor?.email ?? "system";
  return db().transaction(async (tx) => {
    const [head] = await tx
      .select({ orderId: refunds.orderId })
      .from(refunds)
      .where(eq(refunds.id, options.refundId));
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, head!.orderId))
      .for("update");
    const settled = await settleOwedRefund(tx, { refundId: options.refundId, now });
    const { refund } = settled;
    const base = { refundId: refund.id, amountCents: refund.amountCents };
    const money = formatMoney(refund.amountCents, { cents: true });
    if (settled.outcome === "wait") {
      if (settled.changed) {
        await recordOrderEvent(tx, {
          orderId: refund.orderId,
          type: "refund_awaiting",
          message: `Refund of ${money} awaiting: ${settled.why} Its amount stays held.`,
          actor,
          createdAt: now,
        });
      }
      return { ...base, status: "awaiting", why: settled.why };
    }
    if (await recordRefundPaid(tx, { refundId: refund.id })) {
      await recordOrderEvent(tx, {
        orderId: refund.orderId,
        type: "refunded",
        message: `${money} ${howPaidBack(settled.parts, refund.provider)}: ${refund.reason.toLowerCase()}.`,
        actor,
        createdAt: now,
      });
    }
    return { ...base, status: "completed", creditNoteId: null, creditNoteNumber: null };
  });
}

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
        and(
          eq(refunds.status, "awaiting_provider"),
          lt(refunds.updatedAt, askAgain),
          // Only a provider's answer not known is asked again; money staff are to pay back
          // (by hand, or through the provider when they choose) waits for them.
          exists(
            db()
              .select({ id: refundParts.id })
              .from(refundParts)
              .where(and(eq(refundParts.refundId, refunds.id), eq(refundParts.status, "unknown"))),
          ),
        ),
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
      .where(
        and(
          eq(refundParts.refundId, refund.id),
          eq(refundParts.method, "provider"),
          eq(refundParts.status, "pending"),
        ),
      );
    await askProviders({
      refundId: refund.id,
      reason: refund.reason,
      statuses: ["unknown"],
      now: () => now,
    });
    const result = await settleRefund({ refundId: refund.id, now });
    if (result.status !== "awaiting") settled += 1;
  }
  return settled;
}

/**
 * Staff's "Ask again": the provider is asked now about the refund's parts not known, and a part
 * not asked yet (money owed back that staff chose to pay back through the provider) is paid.
 */
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
  return settleRefund({ refundId: refund.id, actor: options.actor });
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
  if (part.method === "hand" && options.outcome !== "paid_by_hand") {
    throw invalid("This money is paid back by hand: record it paid with its reference.", "outcome");
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
  return settleRefund({ refundId: refund.id, actor: options.actor });
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

/**
 * The parts of an order's refunds awaiting an answer or staff, of every kind, for the forms on
 * the order page (a lay-by's on its card).
 */
export async function listAwaitingRefundParts(orderId: number) {
  return db()
    .select({
      refundId: refunds.id,
      kind: refunds.kind,
      /** Why the refund waits, as a whole. */
      why: refunds.failure,
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

/**
 * The orders the shop owes money back on, for the orders list: refunds of every kind not yet
 * paid back (being asked, awaiting a provider's answer, money received after a cancellation,
 * a lay-by's cash still to pay), the oldest first, with the amount held on each order.
 */
export async function listMoneyOwedBack(limit = 10) {
  const owed = sql<number>`sum(${refunds.amountCents})::int`;
  return db()
    .select({ orderNumber: orders.number, amountCents: owed })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(refundOwedBack)
    .groupBy(orders.id, orders.number)
    .orderBy(sql`min(${refunds.createdAt})`, orders.number)
    .limit(limit);
}
