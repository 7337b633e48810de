import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { laybyInstalments, laybyPlans, orderEvents, orders } from "~/db/schema";
import type { PaymentMethod } from "~/domain/orders/totals";
import { PAYMENT_METHOD_LABELS } from "~/domain/orders/totals";
import { moveOrderPayment } from "~/domain/orders/order-events.server";
import { markOrderPaid } from "~/domain/payments/order-paid.server";
import { recordShowroomPaymentInLedger } from "~/domain/ledger/record-cash.server";
import { formatMoney } from "~/lib/money";
import { instalmentLabel } from "./schedule";

/**
 * Settling one lay-by instalment (docs/decisions/027): by an approved online payment (from
 * recordPaymentOutcome, the one place payments reach orders) or at the showroom (staff record
 * it with the till receipt's reference). Both count the same: the deposit makes the plan
 * active and the order part paid; the last instalment completes the plan and pays the order
 * exactly as a whole payment does (paid, stock sold, tax invoice for the whole order).
 *
 * Locks, in this order: the order row, then the plan row (cancelling a plan must take them in
 * the same order).
 */

const money = (cents: number) => formatMoney(cents, { cents: true });

export type InstalmentPaidBy =
  | {
      kind: "online";
      payment: { id: number; reference: string; method: PaymentMethod; amountCents: number };
      /** The provider's name, for the order's timeline. */
      provider: string;
      /** " (Visa ending 4242)" or "". */
      card?: string;
    }
  | {
      kind: "showroom";
      /** The staff member's id (the timeline's actor and the instalment's recordedBy). */
      recordedBy: string;
      /** The till receipt's reference. */
      showroomReference: string;
    };

export type InstalmentSettlement = {
  /**
   * instalment_paid: paid, more to come; completed: the last one, the order is paid;
   * duplicate: the instalment was paid already (nothing changed); order_closed: the order or
   * plan is cancelled (nothing changed; online money needs staff to act).
   */
  result: "instalment_paid" | "completed" | "duplicate" | "order_closed";
  orderId: number;
  planId: number;
  instalmentNumber: number;
  amountCents: number;
};

export const instalmentName = (number: number) => `Lay-by ${instalmentLabel(number).toLowerCase()}`;

/**
 * Settles the instalment in the caller's transaction. Idempotent: an instalment paid already
 * answers "duplicate" and changes nothing (an online payment that arrives for it anyway gets a
 * "needs attention" event, as money the shop must pay back).
 */
export async function settleInstalment(
  tx: Tx,
  options: { instalmentId: number; paidBy: InstalmentPaidBy; now?: Date },
): Promise<InstalmentSettlement> {
  const now = options.now ?? new Date();
  const { paidBy } = options;
  const [found] = await tx
    .select({ orderId: laybyPlans.orderId })
    .from(laybyInstalments)
    .innerJoin(laybyPlans, eq(laybyPlans.id, laybyInstalments.planId))
    .where(eq(laybyInstalments.id, options.instalmentId));
  if (!found) throw new Error(`Lay-by instalment ${options.instalmentId} does not exist.`);
  const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
  const [plan] = await tx
    .select()
    .from(laybyPlans)
    .where(eq(laybyPlans.orderId, found.orderId))
    .for("update");
  const [instalment] = await tx
    .select()
    .from(laybyInstalments)
    .where(eq(laybyInstalments.id, options.instalmentId));
  if (!order || !plan || !instalment) throw new Error("The lay-by plan vanished.");

  const name = instalmentName(instalment.number);
  const settlement = (result: InstalmentSettlement["result"]): InstalmentSettlement => ({
    result,
    orderId: order.id,
    planId: plan.id,
    instalmentNumber: instalment.number,
    amountCents: instalment.amountCents,
  });
  const actor = paidBy.kind === "online" ? paidBy.provider : paidBy.recordedBy;
  const how =
    paidBy.kind === "online"
      ? `${PAYMENT_METHOD_LABELS[paidBy.payment.method]} payment${paidBy.card ?? ""}`
      : `Showroom payment (receipt ${paidBy.showroomReference})`;

  const closed = order.status === "cancelled" || plan.status === "cancelled";
  if (closed || instalment.paidAt) {
    if (paidBy.kind === "online") {
      await tx.insert(orderEvents).values({
        orderId: order.id,
        type: "payment_needs_attention",
        message: `${how} of ${money(paidBy.payment.amountCents)} received for the ${name.toLowerCase()}, but ${closed ? "the lay-by was already cancelled" : "it was already paid"}: refund it.`,
        actor,
      });
    }
    return settlement(closed ? "order_closed" : "duplicate");
  }
  if (paidBy.kind === "online" && paidBy.payment.amountCents !== instalment.amountCents) {
    // The attempt was made for this instalment's amount; a different one is a bug, never paid.
    throw new Error(`Payment ${paidBy.payment.reference} does not match ${name}.`);
  }

  await tx
    .update(laybyInstalments)
    .set(
      paidBy.kind === "online"
        ? { paidAt: now, paymentId: paidBy.payment.id }
        : {
            paidAt: now,
            recordedBy: paidBy.recordedBy,
            showroomReference: paidBy.showroomReference,
          },
    )
    .where(eq(laybyInstalments.id, instalment.id));
  await recordShowroomPaymentInLedger(tx, instalment.id);
  await tx.insert(orderEvents).values({
    orderId: order.id,
    type: "instalment_paid",
    message: `${name}: ${how} of ${money(instalment.amountCents)} received.`,
    actor,
  });

  const [left] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(laybyInstalments)
    .where(and(eq(laybyInstalments.planId, plan.id), isNull(laybyInstalments.paidAt)));
  const method = paidBy.kind === "online" ? paidBy.payment.method : undefined;

  if ((left?.count ?? 0) > 0) {
    if (plan.status === "awaiting_deposit") {
      await tx
        .update(laybyPlans)
        .set({ status: "active", updatedAt: now })
        .where(eq(laybyPlans.id, plan.id));
    }
    await moveOrderPayment(tx, { orderId: order.id, to: "partially_paid", now });
    if (method) {
      await tx.update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
    }
    return settlement("instalment_paid");
  }

  await tx
    .update(laybyPlans)
    .set({ status: "completed", completedAt: now, updatedAt: now })
    .where(eq(laybyPlans.id, plan.id));
  await markOrderPaid(tx, {
    orderId: order.id,
    orderNumber: order.number,
    method,
    paymentReference:
      paidBy.kind === "online" ? paidBy.payment.reference : paidBy.showroomReference,
    actor: paidBy.kind === "showroom" ? paidBy.recordedBy : undefined,
    now,
  });
  await tx.insert(orderEvents).values({
    orderId: order.id,
    type: "payment_approved",
    message: `Lay-by paid in full: ${money(order.totalCents)}. The order is paid.`,
    actor,
  });
  return settlement("completed");
}

/** The plan's earliest unpaid instalment (the one "Pay next instalment" pays), if any. */
export async function nextUnpaidInstalment(orderId: number, executor: Tx | undefined = undefined) {
  const [row] = await (executor ?? db())
    .select({
      id: laybyInstalments.id,
      planId: laybyInstalments.planId,
      number: laybyInstalments.number,
      dueDay: laybyInstalments.dueDay,
      amountCents: laybyInstalments.amountCents,
      planStatus: laybyPlans.status,
    })
    .from(laybyInstalments)
    .innerJoin(laybyPlans, eq(laybyPlans.id, laybyInstalments.planId))
    .where(and(eq(laybyPlans.orderId, orderId), isNull(laybyInstalments.paidAt)))
    .orderBy(asc(laybyInstalments.number))
    .limit(1);
  return row;
}

/** How a payment for this instalment is named to the shopper and the provider. */
export async function instalmentNameOf(instalmentId: number): Promise<string | undefined> {
  const [row] = await db()
    .select({ number: laybyInstalments.number })
    .from(laybyInstalments)
    .where(eq(laybyInstalments.id, instalmentId));
  return row ? instalmentName(row.number) : undefined;
}
