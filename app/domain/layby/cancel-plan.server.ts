import { and, asc, eq, isNotNull } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  laybyInstalments,
  laybyPlans,
  laybyRefunds,
  orderEvents,
  orders,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { recordChargeKept } from "~/domain/ledger/record-sales.server";
import { releaseOrderStock } from "~/domain/orders/order-stock.server";
import { returnPromotionUse } from "~/domain/orders/promotions.server";
import { formatMoney } from "~/lib/money";
import { laybyCancellation } from "./cancellation";
import { sendLaybyCancelledMail } from "./layby-mail.server";
import { markRefundedWhenPaidBack, payBackLaybyOnline } from "./layby-pay-back.server";
import { splitLaybyRefund } from "./refund-split";

const money = (cents: number) => formatMoney(cents, { cents: true });

export type LaybyCancelReason = "shopper" | "staff" | "lapsed";
export type LaybyActor = { id: string; email: string } | "shopper" | "system";

export type CancelLaybyOptions = {
  orderId: number;
  reason: LaybyCancelReason;
  /** The staff member, or the shopper / the system for the other reasons. */
  actor: LaybyActor;
  /** s62(5)(a): hospitalisation or death (staff only). */
  waived?: boolean;
  siteUrl: string;
  now?: Date;
};

export type CancelLaybyResult = { chargeCents: number; refundCents: number; explanation: string[] };

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
 *    them), the charge and refund are worked out from what was paid and the plan's agreed rate;
 *    the plan and order are cancelled, the stock released, a promotion's use given back, and the
 *    refund saved as pending rows: one per online payment (the newest first, until the refund
 *    is covered), and a cash row for what was paid at the showroom;
 * 2. each provider row is paid back through its provider, outside the transaction;
 * 3. each is marked completed or failed (staff then pay it back by hand), and the shopper gets
 *    the calculation by e-mail.
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

type Reserved = CancelLaybyResult & { planId: number; orderNumber: number };

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

  const paid = await tx
    .select({ paymentId: laybyInstalments.paymentId, amountCents: laybyInstalments.amountCents })
    .from(laybyInstalments)
    .where(and(eq(laybyInstalments.planId, plan.id), isNotNull(laybyInstalments.paidAt)))
    .orderBy(asc(laybyInstalments.paidAt), asc(laybyInstalments.number));
  const paidCents = paid.reduce((sum, p) => sum + p.amountCents, 0);
  const waived = options.reason === "staff" && options.waived === true;
  const result = laybyCancellation({
    fullPriceCents: order.totalCents,
    paidCents,
    chargeBasisPoints: plan.chargeBasisPoints,
    waived,
  });

  await tx
    .update(laybyPlans)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: options.reason,
      chargeWaived: waived,
      chargeCents: result.chargeCents,
      refundCents: result.refundCents,
      updatedAt: now,
    })
    .where(eq(laybyPlans.id, plan.id));
  await recordChargeKept(tx, { planId: plan.id });
  await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
    .where(eq(orders.id, order.id));
  await releaseOrderStock(tx, {
    orderId: order.id,
    reference: `Order ${order.number}`,
    actor: actorName(options.actor),
  });
  if (order.promotionId !== null) await returnPromotionUse(tx, order.promotionId);

  const shares = splitLaybyRefund(paid, result.refundCents);
  if (shares.length > 0) {
    await tx.insert(laybyRefunds).values(
      shares.map((share) => ({
        planId: plan.id,
        paymentId: share.paymentId,
        method: share.method,
        amountCents: share.amountCents,
        createdBy: actorId(options.actor),
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  await tx.insert(orderEvents).values({
    orderId: order.id,
    type: "layby_cancelled",
    message:
      `Lay-by cancelled ${REASON_WORDS[options.reason]}: paid ${money(paidCents)}, ` +
      (waived ? "no charge (hospitalisation or death)" : `charge ${money(result.chargeCents)}`) +
      `, to refund ${money(result.refundCents)}. Stock released.`,
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
          waived,
        },
      },
      tx,
    );
  }
  return { ...result, planId: plan.id, orderNumber: order.number };
}

async function finishCancellation(
  options: CancelLaybyOptions,
  reserved: Reserved,
): Promise<CancelLaybyResult> {
  await payBackLaybyOnline(reserved.planId, actorName(options.actor));
  await markRefundedWhenPaidBack(options.orderId, reserved.planId);
  await sendLaybyCancelledMail({ orderId: options.orderId, siteUrl: options.siteUrl });
  const { chargeCents, refundCents, explanation } = reserved;
  return { chargeCents, refundCents, explanation };
}
