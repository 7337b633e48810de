import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans, laybyRefunds, orders, payments } from "~/db/schema";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import { shopToday } from "~/lib/dates";
import { laybyCancellation } from "./cancellation";

/**
 * A lay-by order's plan as the admin order page shows it: the schedule with how each
 * instalment was paid, the refunds of a cancelled plan, and, while it can still be cancelled,
 * the calculation a cancellation would make (with and without the charge waived), so staff see
 * it before they confirm. Null for an order that is not on lay-by.
 */
export async function getAdminLaybyPlan(orderId: number, now = new Date()) {
  const [found] = await db()
    .select({ plan: laybyPlans, totalCents: orders.totalCents })
    .from(laybyPlans)
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .where(eq(laybyPlans.orderId, orderId));
  if (!found) return null;
  const { plan, totalCents } = found;
  const today = shopToday(now);
  const rows = await db()
    .select({
      instalment: laybyInstalments,
      paymentReference: payments.reference,
      provider: payments.provider,
    })
    .from(laybyInstalments)
    .leftJoin(payments, eq(payments.id, laybyInstalments.paymentId))
    .where(eq(laybyInstalments.planId, plan.id))
    .orderBy(asc(laybyInstalments.number));
  const instalments = rows.map(({ instalment: i, paymentReference, provider }) => ({
    id: i.id,
    number: i.number,
    dueDay: i.dueDay,
    amountCents: i.amountCents,
    paidAt: i.paidAt,
    paidBy: i.paidAt
      ? i.showroomReference
        ? `Showroom, receipt ${i.showroomReference}`
        : provider
          ? `Online through ${PROVIDER_NAMES[provider]} (${paymentReference})`
          : "Online"
      : null,
    overdue: !i.paidAt && i.dueDay < today,
  }));
  const paidCents = instalments.reduce((sum, i) => sum + (i.paidAt ? i.amountCents : 0), 0);
  const open = plan.status === "active" || plan.status === "awaiting_deposit";
  const quote = (waived: boolean) =>
    laybyCancellation({
      fullPriceCents: totalCents,
      paidCents,
      chargeBasisPoints: plan.chargeBasisPoints,
      waived,
    });
  const refunds = await db()
    .select()
    .from(laybyRefunds)
    .where(eq(laybyRefunds.planId, plan.id))
    .orderBy(asc(laybyRefunds.id));
  return {
    id: plan.id,
    status: plan.status,
    months: plan.months,
    chargeBasisPoints: plan.chargeBasisPoints,
    endDay: plan.endDay,
    lapseDay: plan.lapseDay,
    cancelReason: plan.cancelReason,
    chargeWaived: plan.chargeWaived,
    chargeCents: plan.chargeCents,
    refundCents: plan.refundCents,
    totalCents,
    paidCents,
    instalments,
    /** The earliest unpaid instalment: what a showroom payment pays. */
    next: open ? (instalments.find((i) => !i.paidAt) ?? null) : null,
    cancellation: open ? { charged: quote(false), waived: quote(true) } : null,
    refunds: refunds.map((r) => ({
      id: r.id,
      method: r.method,
      amountCents: r.amountCents,
      status: r.status,
      reference: r.reference,
      failure: r.failure,
      /**
       * Cash still to pay out, a provider refund that failed, or one whose provider has not said
       * whether it paid (staff check its records first): staff pay it by hand.
       */
      toPayOut:
        r.status === "failed" ||
        (r.status === "pending" && (r.method === "cash" || r.failure !== "")),
    })),
  };
}

export type AdminLaybyPlan = NonNullable<Awaited<ReturnType<typeof getAdminLaybyPlan>>>;
