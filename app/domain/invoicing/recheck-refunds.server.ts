import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, payments, refundParts, refunds } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, invalid, notFound } from "~/domain/errors";
import { LAYBY_REFUND } from "~/domain/layby/layby-pay-back.server";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { mailRefundIfCompleted } from "~/domain/orders/refund-mail.server";
import { askProviders, recordPartAnswer } from "~/domain/refunds/pay-back.server";
import { recheckRefundsWith } from "~/domain/refunds/recheck-refunds.server";
import { howPaidBack } from "~/domain/refunds/refund-words";
import { moveRefundPart } from "~/domain/refunds/refund-writes.server";
import {
  settleRefundOfKind,
  type RefundKind,
  type SettledRefund,
} from "~/domain/refunds/settle-refund.server";
import { formatMoney } from "~/lib/money";
import { refundOwedBack } from "./money-owed-back.server";
import { settleOrderRefund } from "./refund-order.server";

type Actor = Pick<SessionUser, "id" | "email">;

/**
 * Settles a refund of any kind through the engine, with its kind's steps from the area that
 * owns its money: an order's (ORDER_REFUND: credit note, stock back), a lay-by's (LAYBY_REFUND)
 * or a payment the shop could not keep (PAYMENT_REFUND). An order refund's e-mail goes once it
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
  if (refund.kind === "layby") return settleRefundOfKind(LAYBY_REFUND, options);
  if (refund.kind === "payment") return settleRefundOfKind(PAYMENT_REFUND, options);
  return mailRefundIfCompleted(await settleOrderRefund(options));
}

/**
 * A payment the shop could not keep (it arrived after its order was cancelled or expired, or
 * paid it twice): paid back, it gets its ledger row (so the order's money nets to nothing) and
 * a line on the timeline; otherwise it stays held (it never fails: the money is owed).
 */
const PAYMENT_REFUND: RefundKind = {
  kind: "payment",
  owed: true,
  async waiting(tx, { refund, why, actor, now }) {
    await recordOrderEvent(tx, {
      orderId: refund.orderId,
      type: "refund_awaiting",
      message: `Refund of ${formatMoney(refund.amountCents, { cents: true })} awaiting: ${why} Its amount stays held.`,
      actor: actor?.email ?? "system",
      createdAt: now,
    });
  },
  async completed(tx, { refund, parts, actor, now }) {
    if (await recordRefundPaid(tx, { refundId: refund.id })) {
      await recordOrderEvent(tx, {
        orderId: refund.orderId,
        type: "refunded",
        message: `${formatMoney(refund.amountCents, { cents: true })} ${howPaidBack(parts, refund.provider)}: ${refund.reason.toLowerCase()}.`,
        actor: actor?.email ?? "system",
        createdAt: now,
      });
    }
    return { creditNoteId: null, creditNoteNumber: null };
  },
  completedBefore: async () => ({ creditNoteId: null, creditNoteNumber: null }),
};

/** The job: refunds nobody is finishing, asked again and settled (recheckRefundsWith). */
export function recheckRefunds(now = new Date()): Promise<number> {
  return recheckRefundsWith(settleRefund, now);
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
    await moveRefundPart(db(), {
      partId: part.id,
      to: "paid",
      byHand: true,
      reference: options.reference,
      checkedAt: now,
      now,
    });
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
