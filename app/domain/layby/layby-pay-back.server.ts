import { and, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { laybyPlans, orders, refunds } from "~/db/schema";
import type { SettledRefund } from "~/domain/invoicing/refund-order.server";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { moveOrderPayment, recordOrderEvent } from "~/domain/orders/order-events.server";
import { notFound } from "~/domain/errors";
import { settleOwedRefund } from "~/domain/refunds/settle-owed.server";
import { providerWords } from "~/domain/refunds/refund-words";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Settles a lay-by's refund (a cancelled plan's, or money paid into it that the shop cannot
 * keep) through the one pay-back engine (docs/decisions/030), with the order locked first: each
 * part paid since the last time (through its provider, or by hand at the showroom) gets its
 * ledger row and a line on the timeline; an answer not known, a provider's refusal or cash
 * still to pay keeps it awaiting with why, its amount held (a lay-by's money is owed whatever
 * the provider says, so it never fails); once every lay-by refund of a cancelled plan is paid,
 * the order reads refunded. Safe to repeat, from any process.
 */
export async function settleLaybyRefund(options: {
  refundId: number;
  actor?: { email: string } | string;
  now?: Date;
}): Promise<SettledRefund> {
  const now = options.now ?? new Date();
  const actor =
    typeof options.actor === "string" ? options.actor : (options.actor?.email ?? "system");
  return db().transaction(async (tx) => {
    const [head] = await tx
      .select({ orderId: refunds.orderId, planId: refunds.planId })
      .from(refunds)
      .where(and(eq(refunds.id, options.refundId), eq(refunds.kind, "layby")));
    if (!head?.planId) throw notFound("This refund does not exist.");
    await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.id, head.orderId))
      .for("update");
    const settled = await settleOwedRefund(tx, { refundId: options.refundId, now });
    const { refund } = settled;
    for (const part of settled.parts) {
      if (part.status !== "paid") continue;
      if (!(await recordRefundPaid(tx, { laybyRefundPartId: part.id }))) continue;
      await recordOrderEvent(tx, {
        orderId: refund.orderId,
        type: part.method === "hand" ? "layby_refund_paid" : "layby_refunded",
        message:
          part.method === "hand"
            ? `Lay-by refund of ${money(part.amountCents)} paid out by hand (reference ${part.reference}).`
            : `${money(part.amountCents)} paid back through ${providerWords(refund.provider)}.`,
        actor,
        createdAt: now,
      });
    }
    const base = { refundId: refund.id, amountCents: refund.amountCents };
    if (settled.outcome === "wait") {
      if (settled.changed) {
        await recordOrderEvent(tx, {
          orderId: refund.orderId,
          type: "refund_awaiting",
          message: `Lay-by refund of ${money(refund.amountCents)} awaiting: ${settled.why} Its amount stays held.`,
          actor,
          createdAt: now,
        });
      }
      return { ...base, status: "awaiting", why: settled.why };
    }
    await markRefundedWhenPaidBack(tx, refund.orderId, head.planId);
    return { ...base, status: "completed", creditNoteId: null, creditNoteNumber: null };
  });
}

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
