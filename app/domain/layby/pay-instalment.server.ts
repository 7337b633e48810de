import { and, asc, eq, isNull } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { laybyInstalments, laybyPayments, laybyPlans, orders } from "~/db/schema";
import type { PaymentMethod } from "~/domain/orders/totals";
import { PAYMENT_METHOD_LABELS } from "~/domain/orders/totals";
import { bookPaidLaybyDelivery } from "~/domain/delivery/shopper-delivery.server";
import { moveOrderPayment, recordOrderEvent } from "~/domain/orders/order-events.server";
import { owePaymentBack } from "~/domain/refunds/owe-payment-back.server";
import { markOrderPaid } from "~/domain/orders/order-paid.server";
import { recordShowroomPaymentInLedger } from "~/domain/ledger/record-cash.server";
import { formatMoney } from "~/lib/money";
import { instalmentLabel } from "./schedule";
import {
  leftOn,
  owedOn,
  settleInOrder,
  settledWords,
  type InstalmentSettled,
} from "./settle-in-order";

/**
 * Money received into a lay-by (docs/decisions/027, 044): an approved online payment (from
 * recordPaymentOutcome, the one place payments reach orders) or cash at the showroom (staff
 * record it with the till receipt's reference). Both count the same: the amount is one row of
 * `layby_payments` and settles the instalments in order (settleInOrder); the deposit paid in
 * full makes the plan active (a part of it keeps it awaiting the deposit), any money in makes
 * the order part paid; the payment that pays the last cent completes the plan and pays the
 * order exactly as a whole payment does (paid, stock sold, tax invoice for the whole order).
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
      /** The staff member (the timeline's actor and the payment's recordedBy). */
      recordedBy: string;
      /** The till receipt's reference. */
      showroomReference: string;
    };

export type InstalmentSettlement = {
  /**
   * instalment_paid: received, more to come; completed: the last of it, the order is paid;
   * duplicate: nothing is owed that it could pay (its instalment was paid already, or it is
   * more than the plan still owes), nothing changed; order_closed: the order or plan is
   * cancelled, nothing changed. Online money in either case is owed back, for staff to refund.
   */
  result: "instalment_paid" | "completed" | "duplicate" | "order_closed";
  orderId: number;
  planId: number;
  /** The amount received. */
  amountCents: number;
  /** What it paid of each instalment it reached, in order (none when nothing changed). */
  settled: InstalmentSettled[];
  /** What the plan still owes after it. */
  owedCents: number;
};

export const instalmentName = (number: number) => `Lay-by ${instalmentLabel(number).toLowerCase()}`;

/**
 * Receives a lay-by payment in the caller's transaction: `amountCents` (what the customer
 * brought, or the online payment's amount), or when omitted what is left on `instalmentId`.
 * With `instalmentId` (the instalment an online attempt was started for, or a showroom form that
 * named it), an instalment already paid in full answers "duplicate" and changes nothing.
 */
export async function receiveLaybyPayment(
  tx: Tx,
  options: {
    orderId: number;
    amountCents?: number;
    instalmentId?: number;
    paidBy: InstalmentPaidBy;
    now?: Date;
  },
): Promise<InstalmentSettlement> {
  const now = options.now ?? new Date();
  const { paidBy } = options;
  const [order] = await tx
    .select()
    .from(orders)
    .where(eq(orders.id, options.orderId))
    .for("update");
  const [plan] = await tx
    .select()
    .from(laybyPlans)
    .where(eq(laybyPlans.orderId, options.orderId))
    .for("update");
  if (!order || !plan) throw new Error(`Order ${options.orderId} has no lay-by plan.`);
  const rows = await tx
    .select()
    .from(laybyInstalments)
    .where(eq(laybyInstalments.planId, plan.id))
    .orderBy(asc(laybyInstalments.number));
  const target = options.instalmentId ? rows.find((r) => r.id === options.instalmentId) : undefined;
  if (options.instalmentId && !target) {
    throw new Error(`Lay-by instalment ${options.instalmentId} is not on this plan.`);
  }
  const owed = owedOn(rows);
  const amount = options.amountCents ?? (target ? leftOn(target) : 0);
  const settlement = (
    result: InstalmentSettlement["result"],
    settled: InstalmentSettled[] = [],
    owedCents = owed,
  ): InstalmentSettlement => ({
    result,
    orderId: order.id,
    planId: plan.id,
    amountCents: amount,
    settled,
    owedCents,
  });
  const actor = paidBy.kind === "online" ? paidBy.provider : paidBy.recordedBy;
  const how =
    paidBy.kind === "online"
      ? `${PAYMENT_METHOD_LABELS[paidBy.payment.method]} payment${paidBy.card ?? ""}`
      : `Showroom payment (receipt ${paidBy.showroomReference})`;

  const closed = order.status === "cancelled" || plan.status === "cancelled";
  const targetPaid = target !== undefined && leftOn(target) === 0;
  if (closed || targetPaid || owed === 0 || amount < 1 || amount > owed) {
    if (paidBy.kind === "online") {
      // Money the shop cannot keep: a refund to make, held and shown on the lay-by card.
      await owePaymentBack(tx, { paymentId: paidBy.payment.id, planId: plan.id, now });
      const why = closed
        ? "the lay-by was already cancelled"
        : targetPaid
          ? `the ${instalmentLabel(target.number).toLowerCase()} was already paid`
          : `the lay-by owed only ${money(owed)}`;
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "payment_needs_attention",
        message: `${how} of ${money(paidBy.payment.amountCents)} received for the lay-by, but ${why}: it is owed back; pay it back from the lay-by card.`,
        actor,
      });
    }
    return settlement(closed ? "order_closed" : "duplicate");
  }

  const settled = settleInOrder(rows, amount);
  const [received] = await tx
    .insert(laybyPayments)
    .values(
      paidBy.kind === "online"
        ? { planId: plan.id, amountCents: amount, receivedAt: now, paymentId: paidBy.payment.id }
        : {
            planId: plan.id,
            amountCents: amount,
            receivedAt: now,
            recordedBy: paidBy.recordedBy,
            showroomReference: paidBy.showroomReference,
          },
    )
    .returning({ id: laybyPayments.id });
  for (const part of settled) {
    const row = rows.find((r) => r.number === part.number)!;
    await tx
      .update(laybyInstalments)
      .set({
        paidCents: row.paidCents + part.appliedCents,
        paidAt: part.leftCents === 0 ? now : null,
      })
      .where(eq(laybyInstalments.id, row.id));
  }
  if (paidBy.kind === "showroom") await recordShowroomPaymentInLedger(tx, received!.id);
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: "instalment_paid",
    message: `${how} of ${money(amount)} received: ${settledWords(settled)}.`,
    actor,
  });

  const owedAfter = owed - amount;
  const method = paidBy.kind === "online" ? paidBy.payment.method : undefined;
  if (owedAfter > 0) {
    const deposit = rows.find((r) => r.number === 0);
    const depositPaid =
      !deposit || leftOn(deposit) === 0 || settled.some((s) => s.number === 0 && s.leftCents === 0);
    if (plan.status === "awaiting_deposit" && depositPaid) {
      await tx
        .update(laybyPlans)
        .set({ status: "active", updatedAt: now })
        .where(eq(laybyPlans.id, plan.id));
    }
    await moveOrderPayment(tx, { orderId: order.id, to: "partially_paid", now });
    if (method) {
      await tx.update(orders).set({ paymentMethod: method }).where(eq(orders.id, order.id));
    }
    return settlement("instalment_paid", settled, owedAfter);
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
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: "payment_approved",
    message: `Lay-by paid in full: ${money(order.totalCents)}. The order is paid.`,
    actor,
  });
  // Its goods may now go out (s62): the earliest free day is booked; the shopper can move it.
  await bookPaidLaybyDelivery(tx, { orderId: order.id, now });
  return settlement("completed", settled, 0);
}

/**
 * Settles one instalment in the caller's transaction: an online payment's amount (the attempt
 * was started for what was left on it; should a showroom payment have come in since, the amount
 * goes on to the next instalments), or at the showroom what is left on it. Idempotent: an
 * instalment paid already answers "duplicate" and changes nothing (online money that arrives
 * for it anyway is owed back).
 */
export async function settleInstalment(
  tx: Tx,
  options: { instalmentId: number; paidBy: InstalmentPaidBy; now?: Date },
): Promise<InstalmentSettlement> {
  const [found] = await tx
    .select({ orderId: laybyPlans.orderId })
    .from(laybyInstalments)
    .innerJoin(laybyPlans, eq(laybyPlans.id, laybyInstalments.planId))
    .where(eq(laybyInstalments.id, options.instalmentId));
  if (!found) throw new Error(`Lay-by instalment ${options.instalmentId} does not exist.`);
  return receiveLaybyPayment(tx, {
    orderId: found.orderId,
    instalmentId: options.instalmentId,
    amountCents: options.paidBy.kind === "online" ? options.paidBy.payment.amountCents : undefined,
    paidBy: options.paidBy,
    now: options.now,
  });
}

/**
 * The plan's earliest instalment not paid in full (the one "Pay next instalment" pays what is
 * left of), if any, with what was paid of it.
 */
export async function nextUnpaidInstalment(orderId: number, executor: Tx | undefined = undefined) {
  const [row] = await (executor ?? db())
    .select({
      id: laybyInstalments.id,
      planId: laybyInstalments.planId,
      number: laybyInstalments.number,
      dueDay: laybyInstalments.dueDay,
      amountCents: laybyInstalments.amountCents,
      paidCents: laybyInstalments.paidCents,
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
