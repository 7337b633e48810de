import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyPlans, laybyRefunds, orderEvents, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { conflict, notFound } from "~/domain/errors";
import { formatMoney } from "~/lib/money";
import { markRefundedWhenPaidBack } from "./layby-pay-back.server";

/**
 * Staff paid a cancelled plan's refund by hand: the cash for what was paid at the showroom, or
 * a provider refund that failed. The row is completed with the pay-out's reference, in the
 * audit log and on the order's timeline; once nothing is left to pay, the order reads refunded.
 */
export async function markLaybyRefundPaid(options: {
  orderId: number;
  refundId: number;
  reference: string;
  actor: { id: string; email: string };
}): Promise<{ amountCents: number }> {
  const { orderId, refundId, reference, actor } = options;
  return db().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("This order does not exist.");
    const [found] = await tx
      .select({ refund: laybyRefunds })
      .from(laybyRefunds)
      .innerJoin(laybyPlans, eq(laybyPlans.id, laybyRefunds.planId))
      .where(and(eq(laybyRefunds.id, refundId), eq(laybyPlans.orderId, orderId)))
      .for("update", { of: laybyRefunds });
    if (!found) throw notFound("This refund does not belong to this order.");
    const { refund } = found;
    // Cash still to pay, a provider's refusal, or a provider that has not said whether it paid
    // (staff checked its records and paid it back themselves).
    const open =
      refund.status === "failed" ||
      (refund.status === "pending" && (refund.method === "cash" || refund.failure !== ""));
    if (!open) {
      throw conflict(
        refund.status === "completed"
          ? "This refund has been paid out already."
          : "This refund is being paid back through the payment provider.",
      );
    }
    await tx
      .update(laybyRefunds)
      .set({ status: "completed", reference, updatedAt: new Date() })
      .where(eq(laybyRefunds.id, refund.id));
    await recordRefundPaid(tx, { laybyRefundId: refund.id });
    const amount = formatMoney(refund.amountCents, { cents: true });
    await tx.insert(orderEvents).values({
      orderId,
      type: "layby_refund_paid",
      message: `Lay-by refund of ${amount} paid out by hand (reference ${reference}).`,
      actor: actor.email,
    });
    await recordAudit(
      {
        action: "layby_refund_paid",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: { amountCents: refund.amountCents, reference, method: refund.method },
      },
      tx,
    );
    await markRefundedWhenPaidBack(orderId, refund.planId, tx);
    return { amountCents: refund.amountCents };
  });
}
