import { asc, eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { laybyPayments, laybyPlans, orders, payments, storeSettings } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { issueLaybyChargeInvoice } from "~/domain/invoicing/issue-charge-invoice.server";
import { recordChargeKept } from "~/domain/ledger/record-sales.server";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { giveBackOrderHold } from "~/domain/orders/cancel-order.server";
import { moveOrder } from "~/domain/orders/move-order.server";
import { askProviders } from "~/domain/refunds/pay-back.server";
import { splitRefund } from "~/domain/refunds/refund-split";
import { openRefund, type RefundPartPlan } from "~/domain/refunds/refund-writes.server";
import { shopToday } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import {
  chargeBasisWords,
  chargeWords,
  laybyCancellation,
  laybyInterestCents,
  type ChargeRule,
} from "./cancellation";
import { sendLaybyCancelledMail } from "./layby-mail.server";
import { settleLaybyRefund } from "./layby-pay-back.server";

/** The reason a lay-by's cancellation refund is asked of a provider under. */
export const LAYBY_REFUND_REASON = "Lay-by cancelled";

const money = (cents: number) => formatMoney(cents, { cents: true });

export type LaybyCancelReason = "shopper" | "staff" | "lapsed";
export type LaybyActor = { id: string; email: string } | "shopper" | "system";

export type CancelLaybyOptions = {
  orderId: number;
  reason: LaybyCancelReason;
  /** The staff member, or the shopper / the system for the other reasons. */
  actor: LaybyActor;
  /**
   * Staff only: whether the charge applies (the default), or not because of hospitalisation or
   * death (s62(5)(a)) or because the shop cannot supply the goods (s62(2)-(3)).
   */
  chargeRule?: ChargeRule;
  siteUrl: string;
  now?: Date;
};

export type CancelLaybyResult = {
  chargeCents: number;
  refundCents: number;
  /** Interest paid back with the refund when the shop could not supply the goods (s62(3)). */
  interestCents: number;
  explanation: string[];
};

const REASON_WORDS: Record<LaybyCancelReason, string> = {
  shopper: "at the shopper's request",
  staff: "by staff",
  lapsed: "60 business days after its last due day, unpaid (s62(4))",
};

const actorName = (actor: LaybyActor) => (typeof actor === "string" ? actor : actor.email);
const actorId = (actor: LaybyActor) => (typeof actor === "string" ? actor : actor.id);

/**
 * Cancels a lay-by plan (Consumer Protection Act s62(4), docs/decisions/027):
 * 1. with the order and then the plan locked (the order in which settling an instalment takes
 *    them), the charge and refund are worked out from what was paid, the goods' price and the
 *    plan's agreed rate, and, when the shop cannot supply the goods, the interest on each
 *    payment at the shop's rate (s62(3)); the plan and order are cancelled, the charge kept is
 *    invoiced and recorded, the stock released, a promotion's use given back, and the refund
 *    saved as a pending refund of kind layby through the one pay-back engine
 *    (docs/decisions/030): a part per online payment (the newest first, until the refund is
 *    covered), a part paid by hand for what was paid at the showroom, and one for the interest;
 * 2. each provider part is asked of its provider, outside the transaction, its answer kept;
 * 3. the refund is settled (settleLaybyRefund: paid parts recorded, anything else held for
 *    staff or the job), and the shopper gets the calculation by e-mail.
 * A plan that is completed or cancelled already is a conflict: nothing changes.
 */
export async function cancelLaybyPlan(options: CancelLaybyOptions): Promise<CancelLaybyResult> {
  const reserved = await db().transaction((tx) => reserveCancellation(tx, options, false));
  return finishCancellation(options, reserved!);
}

/**
 * The lapse job's way in: the order row is taken with SKIP LOCKED, so a plan another process
 * (or a payment being recorded) holds is left for the next run. Answers null when it was busy.
 */
export async function cancelLaybyPlanUnlessBusy(
  options: CancelLaybyOptions,
): Promise<CancelLaybyResult | null> {
  const reserved = await db().transaction((tx) => reserveCancellation(tx, options, true));
  return reserved ? finishCancellation(options, reserved) : null;
}

type Reserved = CancelLaybyResult & {
  planId: number;
  orderNumber: number;
  refundId: number | null;
};

async function reserveCancellation(
  tx: Tx,
  options: CancelLaybyOptions,
  skipLocked: boolean,
): Promise<Reserved | null> {
  const now = options.now ?? new Date();
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, options.orderId))
    .for("update", skipLocked ? { skipLocked: true } : {});
  if (!order) {
    if (skipLocked) return null;
    throw notFound("This order does not exist.");
  }
  const [plan] = await tx
    .select()
    .from(laybyPlans)
    .where(eq(laybyPlans.orderId, order.id))
    .for("update");
  if (!plan) throw conflict(`Order #${order.number} is not on lay-by.`);
  if (plan.status === "cancelled") {
    throw conflict(`The lay-by of order #${order.number} has been cancelled already.`);
  }
  if (plan.status === "completed") {
    throw conflict(
      `The lay-by of order #${order.number} is paid in full: it cannot be cancelled; refund the order instead.`,
    );
  }

  // Every payment received, part payments included (docs/decisions/044), oldest first.
  const paid = await tx
    .select({
      paymentId: laybyPayments.paymentId,
      amountCents: laybyPayments.amountCents,
      receivedAt: laybyPayments.receivedAt,
    })
    .from(laybyPayments)
    .where(eq(laybyPayments.planId, plan.id))
    .orderBy(asc(laybyPayments.receivedAt), asc(laybyPayments.id));
  const paidCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
  const chargeRule: ChargeRule =
    options.reason === "staff" ? (options.chargeRule ?? "charge") : "charge";
  // s62(3): the shop that cannot supply pays back with interest, at the rate set now.
  const interest =
    chargeRule === "shop_cannot_supply"
      ? await interestOn(tx, { paid, untilDay: shopToday(now) })
      : undefined;
  const result = laybyCancellation({
    goods: order,
    paidCents,
    chargeBasisPoints: plan.chargeBasisPoints,
    rule: chargeRule,
    interest,
  });

  await tx
    .update(laybyPlans)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: options.reason,
      chargeRule,
      chargeCents: result.chargeCents,
      refundCents: result.refundCents,
      interestCents: interest ? result.interestCents : null,
      interestBasisPoints: interest?.basisPoints ?? null,
      updatedAt: now,
    })
    .where(eq(laybyPlans.id, plan.id));
  if (result.chargeCents > 0) {
    await issueLaybyChargeInvoice(tx, {
      orderId: order.id,
      planId: plan.id,
      chargeCents: result.chargeCents,
      basis: chargeBasisWords(order, plan.chargeBasisPoints),
      now,
    });
  }
  await recordChargeKept(tx, { planId: plan.id });
  await moveOrder(tx, {
    orderId: order.id,
    to: "cancelled",
    actor: { id: null, email: actorName(options.actor) },
    because: "lay-by cancelled; stock given back",
    now,
  });
  await giveBackOrderHold(tx, { orderId: order.id, actor: actorName(options.actor) });

  const refundId =
    result.refundCents > 0
      ? await reserveLaybyRefund(tx, {
          orderId: order.id,
          planId: plan.id,
          refundCents: result.refundCents,
          interestCents: result.interestCents,
          paid,
          createdBy: actorId(options.actor),
          now,
        })
      : null;
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: "layby_cancelled",
    message:
      `Lay-by cancelled ${REASON_WORDS[options.reason]}: paid ${money(paidCents)}, ` +
      `${chargeWords(chargeRule, result.chargeCents)}, to refund ${money(result.refundCents)}` +
      (result.interestCents > 0 ? ` with ${money(result.interestCents)} interest` : "") +
      ". Stock released.",
    actor: actorName(options.actor),
    createdAt: now,
  });
  if (typeof options.actor !== "string") {
    await recordAudit(
      {
        action: "layby_cancelled",
        actorId: options.actor.id,
        actorEmail: options.actor.email,
        subject: `order:${order.number}`,
        details: {
          paidCents,
          chargeCents: result.chargeCents,
          refundCents: result.refundCents,
          interestCents: result.interestCents,
          chargeRule,
        },
      },
      tx,
    );
  }
  return { ...result, planId: plan.id, orderNumber: order.number, refundId };
}

/** The interest at the shop's rate a year on each payment, from its day to `untilDay`. */
async function interestOn(
  tx: Tx,
  options: { paid: { amountCents: number; receivedAt: Date }[]; untilDay: string },
) {
  const [settings] = await tx
    .select({ basisPoints: storeSettings.laybyInterestBasisPoints })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  const basisPoints = settings?.basisPoints ?? 0;
  const cents = laybyInterestCents({
    payments: options.paid.map((p) => ({
      amountCents: p.amountCents,
      day: shopToday(p.receivedAt),
    })),
    untilDay: options.untilDay,
    basisPoints,
  });
  return { cents, basisPoints };
}

/**
 * The cancelled plan's refund, pending: split over the payments received (the newest online one
 * first, each at most what it took), the rest, paid at the showroom, a part paid back by hand
 * there, and the interest (no payment of the shopper's can carry it back) a part by hand too.
 */
async function reserveLaybyRefund(
  tx: Tx,
  options: {
    orderId: number;
    planId: number;
    refundCents: number;
    interestCents: number;
    paid: { paymentId: number | null; amountCents: number }[];
    createdBy: string;
    now: Date;
  },
) {
  const split = splitRefund(
    options.paid.map((p) => ({ paymentId: p.paymentId, refundableCents: p.amountCents })),
    options.refundCents,
  );
  const plan: RefundPartPlan[] = [
    ...split,
    ...(options.interestCents > 0
      ? [
          {
            method: "hand" as const,
            paymentId: null,
            amountCents: options.interestCents,
            interest: true,
          },
        ]
      : []),
  ];
  const firstOnline = split.find((part) => part.method === "provider");
  const [payment] = firstOnline
    ? await tx
        .select({ provider: payments.provider })
        .from(payments)
        .where(eq(payments.id, firstOnline.paymentId))
    : [];
  const { refundId } = await openRefund(tx, {
    kind: "layby",
    orderId: options.orderId,
    planId: options.planId,
    method: firstOnline ? "provider" : "eft",
    provider: payment?.provider ?? null,
    amountCents: options.refundCents + options.interestCents,
    reason: LAYBY_REFUND_REASON,
    createdBy: options.createdBy,
    now: options.now,
    parts: plan,
  });
  return refundId;
}

async function finishCancellation(
  options: CancelLaybyOptions,
  reserved: Reserved,
): Promise<CancelLaybyResult> {
  if (reserved.refundId !== null) {
    await askProviders({
      refundId: reserved.refundId,
      reason: LAYBY_REFUND_REASON,
      statuses: ["pending"],
    });
    await settleLaybyRefund({ refundId: reserved.refundId, actor: actorName(options.actor) });
  }
  await sendLaybyCancelledMail({ orderId: options.orderId, siteUrl: options.siteUrl });
  const { chargeCents, refundCents, interestCents, explanation } = reserved;
  return { chargeCents, refundCents, interestCents, explanation };
}
