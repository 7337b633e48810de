import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans } from "~/db/schema";
import { shopToday } from "~/lib/dates";
import { leftOn } from "./settle-in-order";

export type InstalmentState = "paid" | "due" | "overdue";

/**
 * An order's lay-by plan as the shopper's pages and e-mails show it: each payment with its due
 * day, what was paid of it and what is left, and whether it is paid, due, or overdue (not paid
 * in full after its due day, in the shop's days), and the sums. No staff fields (who recorded a showroom payment).
 */
export async function laybyPlanView(orderId: number, now = new Date()) {
  const [plan] = await db().select().from(laybyPlans).where(eq(laybyPlans.orderId, orderId));
  if (!plan) return null;
  const rows = await db()
    .select()
    .from(laybyInstalments)
    .where(eq(laybyInstalments.planId, plan.id))
    .orderBy(asc(laybyInstalments.number));
  const today = shopToday(now);
  const instalments = rows.map((row) => ({
    number: row.number,
    dueDay: row.dueDay,
    amountCents: row.amountCents,
    /** What was paid of it (a part payment until it is paid in full) and what is left on it. */
    paidCents: row.paidCents,
    leftCents: leftOn(row),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    state: (row.paidAt ? "paid" : row.dueDay < today ? "overdue" : "due") as InstalmentState,
  }));
  const paidCents = rows.reduce((sum, r) => sum + r.paidCents, 0);
  const totalCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
  const next = instalments.find((i) => i.state !== "paid") ?? null;
  return {
    status: plan.status,
    depositCents: plan.depositCents,
    months: plan.months,
    chargeBasisPoints: plan.chargeBasisPoints,
    startDay: plan.startDay,
    endDay: plan.endDay,
    lapseDay: plan.lapseDay,
    cancelReason: plan.cancelReason,
    chargeCents: plan.chargeCents,
    refundCents: plan.refundCents,
    /** Interest paid back with the refund when the shop could not supply the goods. */
    interestCents: plan.interestCents,
    instalments,
    paidCents,
    leftCents: totalCents - paidCents,
    next: plan.status === "active" || plan.status === "awaiting_deposit" ? next : null,
  };
}

export type LaybyPlanView = NonNullable<Awaited<ReturnType<typeof laybyPlanView>>>;
