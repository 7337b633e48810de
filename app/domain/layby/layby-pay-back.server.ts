import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { laybyPlans, orders, refunds } from "~/db/schema";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { moveOrderPayment, recordOrderEvent } from "~/domain/orders/order-events.server";
import {
  settleRefundOfKind,
  type RefundActor,
  type RefundKind,
  type SettledRefund,
  type SettleStep,
} from "~/domain/refunds/settle-refund.server";
import { providerWords } from "~/domain/refunds/refund-words";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Settles a lay-by's refund (a cancelled plan's, or money paid into it that the shop cannot
 * keep) through the one pay-back engine (docs/decisions/030, 051), with the order locked first:
 * each part paid since the last time (through its provider, or by hand at the showroom) gets its
 * ledger row and a line on the timeline; an answer not known, a provider's refusal or cash
 * still to pay keeps it awaiting with why, its amount held (a lay-by's money is owed whatever
 * the provider says, so it never fails); once every lay-by refund of a cancelled plan is paid,
 * the order reads refunded. Safe to repeat, from any process.
 */
export async function settleLaybyRefund(options: {
  refundId: number;
  actor?: RefundActor | string;
  now?: Date;
}): Promise<SettledRefund> {
  const actor =
    typeof options.actor === "string" ? { id: "", email: options.actor } : options.actor;
  return settleRefundOfKind(LAYBY_REFUND, { refundId: options.refundId, actor, now: options.now });
}

const who = (step: SettleStep) => step.actor?.email ?? "system";

/** A lay-by refund's steps in the engine: each part booked as it is paid, never failed. */
export const LAYBY_REFUND: RefundKind = {
  kind: "layby",
  owed: true,
  async partsSeen(tx, step) {
    const { refund, now } = step;
    for (const part of step.parts) {
      if (part.status !== "paid") continue;
      if (!(await recordRefundPaid(tx, { laybyRefundPartId: part.id }))) continue;
      await recordOrderEvent(tx, {
        orderId: refund.orderId,
        type: part.method === "hand" ? "layby_refund_paid" : "layby_refunded",
        message:
          part.method === "hand"
            ? `Lay-by refund of ${money(part.amountCents)} paid out by hand (reference ${part.reference}).`
            : `${money(part.amountCents)} paid back through ${providerWords(refund.provider)}.`,
        actor: who(step),
        createdAt: now,
      });
    }
  },
  async waiting(tx, step) {
    await recordOrderEvent(tx, {
      orderId: step.refund.orderId,
      type: "refund_awaiting",
      message: `Lay-by refund of ${money(step.refund.amountCents)} awaiting: ${step.why} Its amount stays held.`,
      actor: who(step),
      createdAt: step.now,
    });
  },
  async completed(tx, { refund }) {
    await markRefundedWhenPaidBack(tx, refund.orderId, refund.planId!);
    return { creditNoteId: null, creditNoteNumber: null };
  },
  completedBefore: async () => ({ creditNoteId: null, creditNoteNumber: null }),
};

/**
 * Once every refund of a cancelled plan is paid back (and something was paid), the order's
 * payment status reads refunded; the plan's charge is the only money the shop keeps.
 */
async function markRefundedWhenPaidBack(tx: Tx, orderId: number, planId: number) {
  const [row] = await tx
    .select({
      open: sql<number>`count(*) filter (where ${refunds.status} <> 'completed')::int`,
      done: sql<number>`count(*) filter (where ${refunds.status} = 'completed')::int`,
    })
    .from(refunds)
    .where(and(eq(refunds.kind, "layby"), eq(refunds.planId, planId)));
  if (!row || row.open > 0 || row.done === 0) return;
  const [plan] = await tx
    .select({ status: laybyPlans.status })
    .from(laybyPlans)
    .where(eq(laybyPlans.id, planId));
  if (plan?.status !== "cancelled") return;
  const [order] = await tx
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.paymentStatus !== "partially_paid") return;
  await moveOrderPayment(tx, { orderId, to: "refunded" });
}
