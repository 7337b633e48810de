import crypto from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, payments } from "~/db/schema";
import { settleInstalment, type InstalmentSettlement } from "~/domain/layby/pay-instalment.server";
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from "~/domain/orders/totals";
import { formatMoney } from "~/lib/money";
import { recordPaymentInLedger } from "~/domain/ledger/record-cash.server";
import { markOrderPaid } from "./order-paid.server";
import { recordOrderEvent } from "./order-events.server";
import type {
  OutcomeResult,
  PaymentOutcome,
  PaymentProviderName,
} from "~/domain/payments/provider";
import { owePaymentBack } from "~/domain/refunds/owe-payment-back.server";
import { letDeliveryHoldGo } from "~/domain/delivery/delivery-holds.server";

export type Payment = typeof payments.$inferSelect;
type Order = typeof orders.$inferSelect;

/**
 * Whether the shopper may (still) pay for the order: unpaid within its time to pay (the whole
 * order, or a lay-by's deposit), or a lay-by part paid (its next instalment; a cancelled plan
 * cancels its order, so a part-paid order that is not cancelled has an active plan).
 */
export function isPayable(
  order: Pick<Order, "status" | "paymentStatus" | "payBy">,
  now = new Date(),
) {
  if (order.paymentStatus === "partially_paid") return order.status === "layby";
  return (
    (order.status === "awaiting_payment" || order.status === "layby") &&
    order.paymentStatus === "unpaid" &&
    order.payBy > now
  );
}

/**
 * Starts a payment attempt for an order: a payment row with a fresh reference of ours, which the
 * provider's notification must quote. The amount is the order's total, never the browser's, or
 * for a lay-by instalment what is left of it as the plan stores it (its amount less what was
 * paid of it).
 */
export async function createPaymentAttempt(
  order: Pick<Order, "id" | "number" | "totalCents" | "paymentMethod">,
  method: PaymentMethod,
  provider: PaymentProviderName,
  instalment?: { id: number; amountCents: number; paidCents?: number },
): Promise<Payment> {
  const reference = `${order.number}-${crypto.randomBytes(6).toString("hex")}`;
  const [payment] = await db()
    .insert(payments)
    .values({
      orderId: order.id,
      provider,
      method,
      reference,
      amountCents: instalment
        ? instalment.amountCents - (instalment.paidCents ?? 0)
        : order.totalCents,
      instalmentId: instalment?.id ?? null,
    })
    .returning();
  if (!payment) throw new Error("The payment was not saved.");
  if (method !== order.paymentMethod) {
    await db()
      .update(orders)
      .set({ paymentMethod: method, updatedAt: new Date() })
      .where(eq(orders.id, order.id));
  }
  return payment;
}

export async function findPayment(reference: string) {
  // A provider's callback can name anything; PostgreSQL refuses a NUL in text outright.
  if (reference.includes("\0")) return undefined;
  const [payment] = await db().select().from(payments).where(eq(payments.reference, reference));
  return payment;
}

/** The payment a provider knows by its own id (PayFlex's orderId), if any. */
export async function findPaymentByProviderReference(
  provider: PaymentProviderName,
  providerReference: string,
) {
  if (providerReference.includes("\0")) return undefined;
  const [payment] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, providerReference)));
  return payment;
}

export type RecordResult = OutcomeResult;

const describeCard = (brand?: string | null, last4?: string | null) =>
  brand && last4 ? ` (${brand} ending ${last4})` : last4 ? ` (card ending ${last4})` : "";

/**
 * The one place a payment's outcome reaches an order, for every provider. It runs in one
 * transaction with the payment and the order locked, so a replayed or concurrent notification
 * changes nothing the second time. An approved payment of the right amount marks the order
 * paid, turns its stock reservation into a sale and issues its tax invoice; a decline leaves
 * it unpaid to try again (its delivery day no longer held). A payment for a lay-by instalment
 * (payments.instalment_id) settles that instalment instead (app/domain/layby/pay-instalment.server.ts): "paid" with `layby`
 * saying which one and whether it completed the plan (then the order is paid as above).
 */
export async function recordPaymentOutcome(outcome: PaymentOutcome): Promise<{
  result: RecordResult;
  orderId?: number;
  layby?: InstalmentSettlement;
}> {
  return db().transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.reference, outcome.reference), eq(payments.provider, outcome.provider)),
      )
      .for("update");
    if (!payment) return { result: "unknown_payment" as const };
    if (payment.status !== "pending")
      return { result: "duplicate" as const, orderId: payment.orderId };
    if (outcome.providerReference) {
      const [seen] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.provider, outcome.provider),
            eq(payments.providerReference, outcome.providerReference),
          ),
        );
      if (seen && seen.id !== payment.id)
        return { result: "duplicate" as const, orderId: payment.orderId };
    }
    if (outcome.amountCents !== payment.amountCents) {
      await recordOrderEvent(tx, {
        orderId: payment.orderId,
        type: "payment_rejected",
        message: `A ${outcome.provider} notification for ${formatMoney(outcome.amountCents, { cents: true })} did not match the amount due (${formatMoney(payment.amountCents, { cents: true })}) and was ignored.`,
        actor: outcome.provider,
      });
      return { result: "amount_mismatch" as const, orderId: payment.orderId };
    }

    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, payment.orderId))
      .for("update");
    if (!order) return { result: "unknown_payment" as const };

    const status = outcome.status;
    await tx
      .update(payments)
      .set({
        status,
        providerReference: outcome.providerReference ?? payment.providerReference,
        cardBrand: outcome.cardBrand ?? null,
        cardLast4: outcome.cardLast4 ?? null,
        details: outcome.details ?? {},
        updatedAt: new Date(),
      })
      .where(eq(payments.id, payment.id));
    await recordPaymentInLedger(tx, payment.id);
    const card = describeCard(outcome.cardBrand, outcome.cardLast4);
    const method = PAYMENT_METHOD_LABELS[payment.method];

    if (status !== "approved") {
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: status === "declined" ? "payment_declined" : "payment_cancelled",
        message: `${method} payment ${status === "declined" ? "declined" : "cancelled"}${card}.`,
        actor: outcome.provider,
      });
      // Not paid: the day it held is free for others now, not when the hold runs out.
      if (payment.instalmentId === null) await letDeliveryHoldGo(tx, { orderId: order.id });
      return { result: status, orderId: order.id };
    }

    if (payment.instalmentId !== null) {
      const layby = await settleInstalment(tx, {
        instalmentId: payment.instalmentId,
        paidBy: { kind: "online", payment, provider: outcome.provider, card },
      });
      const result =
        layby.result === "instalment_paid" || layby.result === "completed"
          ? ("paid" as const)
          : layby.result;
      return { result, orderId: order.id, layby };
    }

    if (order.status === "cancelled" || order.paymentStatus !== "unpaid") {
      await owePaymentBack(tx, { paymentId: payment.id });
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "payment_needs_attention",
        message: `${method} payment of ${formatMoney(payment.amountCents, { cents: true })} received${card}, but the order was already ${order.status === "cancelled" ? "cancelled" : order.paymentStatus}: it is owed back, listed under Money owed back.`,
        actor: outcome.provider,
      });
      return { result: "order_closed" as const, orderId: order.id };
    }

    await markOrderPaid(tx, {
      orderId: order.id,
      orderNumber: order.number,
      method: payment.method,
      paymentReference: payment.reference,
    });
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: "payment_approved",
      message: `${method} payment of ${formatMoney(payment.amountCents, { cents: true })} received${card}.`,
      actor: outcome.provider,
    });
    return { result: "paid" as const, orderId: order.id };
  });
}

/**
 * Pending attempts of a provider older than a minute (for providers that can be asked), least
 * recently checked first (claimPaymentCheck touches updated_at), so none is starved.
 */
export async function pendingPayments(provider: PaymentProviderName, limit = 50) {
  return db()
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.status, "pending"),
        sql`${payments.createdAt} < now() - interval '1 minute'`,
      ),
    )
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(limit);
}

/**
 * Stores the provider's id for a payment when the provider issues it at the start (PayFlex's
 * orderId), with details worth keeping (never a secret). Only a pending payment changes.
 */
export async function setProviderReference(
  reference: string,
  providerReference: string,
  details: Record<string, string> = {},
): Promise<void> {
  await db()
    .update(payments)
    .set({ providerReference, details, updatedAt: new Date() })
    .where(and(eq(payments.reference, reference), eq(payments.status, "pending")));
}

/**
 * Claims a pending payment for one status check: true for exactly one caller in any
 * `seconds`, whatever the number of processes (an atomic update of updated_at), so periodic
 * re-checks running in several processes do not all ask the provider about the same payment.
 */
export async function claimPaymentCheck(paymentId: number, seconds = 30): Promise<boolean> {
  const claimed = await db()
    .update(payments)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.status, "pending"),
        sql`${payments.updatedAt} <= now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning({ id: payments.id });
  return claimed.length > 0;
}
