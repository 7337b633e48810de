import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyPlans, laybyRefunds, orderEvents, payments } from "~/db/schema";
import { formatMoney } from "~/lib/money";
import { PROVIDER_NAMES, type PaymentProviderName } from "./provider";

/** Longer than any provider's answer can take (their requests time out within a minute). */
export const UNANSWERED_AFTER_MINUTES = 15;

const providerName = (name: string | null) =>
  name && name in PROVIDER_NAMES
    ? PROVIDER_NAMES[name as PaymentProviderName]
    : "the payment provider";

const whatToDo = (provider: string, amountCents: number) =>
  `The shop stopped before ${provider} answered this refund of ${formatMoney(amountCents, { cents: true })}. ` +
  `Check ${provider}'s records: if the money was not paid back, pay it back by hand or refund again.`;

/**
 * Lay-by refunds are asked of the provider between two transactions (cancel-plan.server.ts); a
 * process stopped in between leaves the refund pending for good. One still pending long after
 * any provider would have answered is marked failed with what to check, on the order's
 * timeline, so staff can act. Each row is claimed by the UPDATE that marks it, so several
 * processes mark it once. Answers how many it marked. (Order refunds are settled by
 * recheckRefunds instead, which never marks failed a refund the provider may have paid.)
 */
export async function failUnansweredRefunds(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNANSWERED_AFTER_MINUTES * 60_000);
  let marked = 0;
  const stuckLayby = await db()
    .select({ id: laybyRefunds.id })
    .from(laybyRefunds)
    .where(
      and(
        eq(laybyRefunds.status, "pending"),
        eq(laybyRefunds.method, "provider"),
        lt(laybyRefunds.updatedAt, before),
      ),
    );
  for (const { id } of stuckLayby) {
    await db().transaction(async (tx) => {
      const [row] = await tx
        .update(laybyRefunds)
        .set({ status: "failed", updatedAt: now })
        .where(and(eq(laybyRefunds.id, id), eq(laybyRefunds.status, "pending")))
        .returning();
      if (!row) return;
      const [plan] = await tx
        .select({ orderId: laybyPlans.orderId })
        .from(laybyPlans)
        .where(eq(laybyPlans.id, row.planId));
      const [payment] = row.paymentId
        ? await tx
            .select({ provider: payments.provider })
            .from(payments)
            .where(eq(payments.id, row.paymentId))
        : [];
      const failure = whatToDo(providerName(payment?.provider ?? null), row.amountCents);
      await tx.update(laybyRefunds).set({ failure }).where(eq(laybyRefunds.id, id));
      if (plan) {
        await tx.insert(orderEvents).values({
          orderId: plan.orderId,
          type: "refund_refused",
          message: `Refund refused: ${failure}`,
        });
      }
      marked += 1;
    });
  }
  return marked;
}
