import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  laybyInstalments,
  laybyPayments,
  laybyPlans,
  orders,
  payments,
  refundParts,
  refunds,
} from "~/db/schema";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import { shopToday } from "~/lib/dates";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import {
  CHARGE_RULES,
  laybyCancellation,
  laybyInterestCents,
  type ChargeRule,
} from "./cancellation";
import { leftOn } from "./settle-in-order";

/**
 * A lay-by order's plan as the admin order page shows it: the schedule with what was paid of
 * each instalment and what is left, the payments received and how each came in, the parts of its refunds (one refunds table, docs/decisions/030) and,
 * while it can still be cancelled, the calculation a cancellation would make for each reason
 * (the charge applies, or not), so staff see it before they confirm. Null for an order that is not on lay-by.
 */
export async function getAdminLaybyPlan(orderId: number, now = new Date()) {
  const [found] = await db()
    .select({
      plan: laybyPlans,
      totalCents: orders.totalCents,
      subtotalCents: orders.subtotalCents,
      discountCents: orders.discountCents,
    })
    .from(laybyPlans)
    .innerJoin(orders, eq(orders.id, laybyPlans.orderId))
    .where(eq(laybyPlans.orderId, orderId));
  if (!found) return null;
  const { plan, totalCents } = found;
  const goods = { subtotalCents: found.subtotalCents, discountCents: found.discountCents };
  const today = shopToday(now);
  const rows = await db()
    .select()
    .from(laybyInstalments)
    .where(eq(laybyInstalments.planId, plan.id))
    .orderBy(asc(laybyInstalments.number));
  const instalments = rows.map((i) => ({
    id: i.id,
    number: i.number,
    dueDay: i.dueDay,
    amountCents: i.amountCents,
    /** What was paid of it (a part payment until paid in full) and what is left on it. */
    paidCents: i.paidCents,
    leftCents: leftOn(i),
    paidAt: i.paidAt,
    overdue: !i.paidAt && i.dueDay < today,
  }));
  const received = (
    await db()
      .select({
        payment: laybyPayments,
        paymentReference: payments.reference,
        provider: payments.provider,
      })
      .from(laybyPayments)
      .leftJoin(payments, eq(payments.id, laybyPayments.paymentId))
      .where(eq(laybyPayments.planId, plan.id))
      .orderBy(asc(laybyPayments.receivedAt), asc(laybyPayments.id))
  ).map(({ payment: p, paymentReference, provider }) => ({
    id: p.id,
    amountCents: p.amountCents,
    receivedAt: p.receivedAt,
    how: p.showroomReference
      ? `Showroom, receipt ${p.showroomReference} (${p.recordedBy})`
      : provider
        ? `Online through ${PROVIDER_NAMES[provider]} (${paymentReference})`
        : "Online",
  }));
  const paidCents = instalments.reduce((sum, i) => sum + i.paidCents, 0);
  const open = plan.status === "active" || plan.status === "awaiting_deposit";
  // The shop cannot supply: everything back with interest at the shop's rate until today.
  const interestBasisPoints = open ? (await getStoreSettings()).laybyInterestBasisPoints : 0;
  const interest = {
    basisPoints: interestBasisPoints,
    cents: laybyInterestCents({
      payments: received.map((r) => ({ amountCents: r.amountCents, day: shopToday(r.receivedAt) })),
      untilDay: today,
      basisPoints: interestBasisPoints,
    }),
  };
  const quote = (rule: ChargeRule) =>
    laybyCancellation({
      goods,
      paidCents,
      chargeBasisPoints: plan.chargeBasisPoints,
      rule,
      interest,
    });
  const parts = await db()
    .select({
      id: refundParts.id,
      refundId: refundParts.refundId,
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
    .where(and(eq(refunds.kind, "layby"), eq(refunds.planId, plan.id)))
    .orderBy(asc(refundParts.id));
  return {
    id: plan.id,
    status: plan.status,
    months: plan.months,
    chargeBasisPoints: plan.chargeBasisPoints,
    endDay: plan.endDay,
    lapseDay: plan.lapseDay,
    cancelReason: plan.cancelReason,
    chargeRule: plan.chargeRule,
    chargeCents: plan.chargeCents,
    refundCents: plan.refundCents,
    interestCents: plan.interestCents,
    totalCents,
    /** The order's goods (subtotal and discount): the charge's basis (regulation 34). */
    goods,
    paidCents,
    /** What the plan still owes: the most a showroom payment may be. */
    owedCents: instalments.reduce((sum, i) => sum + i.leftCents, 0),
    instalments,
    /** Each payment received, oldest first: when, how much and how. */
    received,
    /** The earliest instalment not paid in full: where the next money goes first. */
    next: open ? (instalments.find((i) => !i.paidAt) ?? null) : null,
    cancellation: open
      ? (Object.fromEntries(CHARGE_RULES.map((rule) => [rule, quote(rule)])) as Record<
          ChargeRule,
          ReturnType<typeof quote>
        >)
      : null,
    /**
     * The parts of its refunds: each online payment paid back through its provider, and what
     * was paid at the showroom, paid back by hand. Staff record the open ones on the card
     * (AwaitingRefund, as on the order page).
     */
    refunds: parts,
  };
}

export type AdminLaybyPlan = NonNullable<Awaited<ReturnType<typeof getAdminLaybyPlan>>>;
