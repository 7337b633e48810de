import { and, asc, eq, isNotNull, lt, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { laybyPlans, laybyRefunds, orders, payments } from "~/db/schema";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import { moveOrderPayment, recordOrderEvent } from "~/domain/orders/order-events.server";
import { PROVIDER_NAMES, type RefundAnswer } from "~/domain/payments/provider";
import { providerByName } from "~/domain/payments/providers.server";
import { log } from "~/lib/log.server";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/** How often a provider is asked again about a lay-by refund whose answer is not known. */
export const ASK_AGAIN_AFTER_MINUTES = 5;

type Row = { refund: typeof laybyRefunds.$inferSelect; payment: typeof payments.$inferSelect };

/**
 * Asks the provider of one pending lay-by refund row to pay it back (`mode` "refund") or what
 * became of it (`mode` "lookup": PayFlex is sent the same request again, which never pays
 * twice), and keeps the answer (docs/decisions/030): paid completes the row (and the ledger's
 * cash row); a definite no fails it, for staff to pay back by hand; an answer not known leaves it
 * pending with why, its amount held, for the job to ask again. Never throws for the provider.
 */
async function askAndKeep(row: Row, mode: "refund" | "lookup", actor: string) {
  const { refund, payment } = row;
  const name = PROVIDER_NAMES[payment.provider];
  const provider = providerByName(payment.provider);
  const request = {
    payment: {
      reference: payment.reference,
      providerReference: payment.providerReference,
      amountCents: payment.amountCents,
    },
    amountCents: refund.amountCents,
    reason: "Lay-by cancelled",
    reference: `LB-${refund.id}`,
  };
  let answer: RefundAnswer;
  if (!provider) {
    answer =
      mode === "refund"
        ? { status: "refused", why: `${name} is not set up now.` }
        : { status: "unknown", why: `${name} is not set up now: check its records.` };
  } else {
    try {
      answer =
        mode === "refund" ? await provider.refund(request) : await provider.lookupRefund(request);
    } catch (error) {
      log.error({ err: error, laybyRefund: refund.id }, "A lay-by refund's provider call failed");
      answer = { status: "unknown", why: `${name} could not be asked.` };
    }
  }
  const [plan] = await db()
    .select({ orderId: laybyPlans.orderId })
    .from(laybyPlans)
    .where(eq(laybyPlans.id, refund.planId));
  const orderId = plan!.orderId;
  const now = new Date();
  await db().transaction(async (tx) => {
    if (answer.status === "paid") {
      const [done] = await tx
        .update(laybyRefunds)
        .set({
          status: "completed",
          reference: answer.providerRefundId,
          failure: "",
          updatedAt: now,
        })
        .where(and(eq(laybyRefunds.id, refund.id), eq(laybyRefunds.status, "pending")))
        .returning({ id: laybyRefunds.id });
      if (!done) return;
      await recordRefundPaid(tx, { laybyRefundId: refund.id });
      await recordOrderEvent(tx, {
        orderId,
        type: "layby_refunded",
        message: `${money(refund.amountCents)} paid back through ${name}.`,
        actor,
      });
      await markRefundedWhenPaidBack(orderId, refund.planId, tx);
      return;
    }
    if (answer.status === "refused") {
      const failure = `${answer.why} Pay ${money(refund.amountCents)} back by hand.`;
      const [done] = await tx
        .update(laybyRefunds)
        .set({ status: "failed", failure, updatedAt: now })
        .where(and(eq(laybyRefunds.id, refund.id), eq(laybyRefunds.status, "pending")))
        .returning({ id: laybyRefunds.id });
      if (done) {
        await recordOrderEvent(tx, {
          orderId,
          type: "refund_refused",
          message: `Refund refused: ${failure}`,
          actor,
        });
      }
      return;
    }
    const failure = `${name} has not said whether it paid back ${money(refund.amountCents)} (${answer.why}) It stays held; the shop asks again, or check ${name}'s records and record it.`;
    await tx
      .update(laybyRefunds)
      .set({ failure, updatedAt: now })
      .where(and(eq(laybyRefunds.id, refund.id), eq(laybyRefunds.status, "pending")));
    if (refund.failure === "") {
      await recordOrderEvent(tx, {
        orderId,
        type: "refund_awaiting",
        message: `Refund awaiting: ${failure}`,
        actor,
      });
    }
  });
}

const pendingRows = (where: ReturnType<typeof and>) =>
  db()
    .select({ refund: laybyRefunds, payment: payments })
    .from(laybyRefunds)
    .innerJoin(payments, eq(payments.id, laybyRefunds.paymentId))
    .where(and(eq(laybyRefunds.method, "provider"), eq(laybyRefunds.status, "pending"), where))
    .orderBy(asc(laybyRefunds.id));

/** A cancelled plan's provider rows, each paid back by its provider, one at a time. */
export async function payBackLaybyOnline(planId: number, actor: string) {
  for (const row of await pendingRows(and(eq(laybyRefunds.planId, planId)))) {
    await askAndKeep(row, "refund", actor);
  }
}

/**
 * The job: a lay-by refund still pending (its provider's answer not known, or a process stopped
 * before asking) is looked up again every ASK_AGAIN_AFTER_MINUTES, each row claimed by the
 * UPDATE that touches it, so two processes never ask twice at once. Never marks failed a refund
 * the provider may have paid. Answers how many it settled (paid or refused).
 */
export async function recheckLaybyRefunds(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - ASK_AGAIN_AFTER_MINUTES * 60_000);
  let settled = 0;
  for (const row of await pendingRows(
    and(lt(laybyRefunds.updatedAt, before), isNotNull(laybyRefunds.paymentId)),
  )) {
    const [claimed] = await db()
      .update(laybyRefunds)
      .set({ updatedAt: now })
      .where(
        and(
          eq(laybyRefunds.id, row.refund.id),
          eq(laybyRefunds.status, "pending"),
          lt(laybyRefunds.updatedAt, before),
        ),
      )
      .returning({ id: laybyRefunds.id });
    if (!claimed) continue;
    await askAndKeep(row, "lookup", "system");
    const [after] = await db()
      .select({ status: laybyRefunds.status })
      .from(laybyRefunds)
      .where(eq(laybyRefunds.id, row.refund.id));
    if (after?.status !== "pending") settled += 1;
  }
  return settled;
}

/**
 * Once every refund row of a cancelled plan is paid back (and something was paid), the order's
 * payment status reads refunded; the plan's charge is the only money the shop keeps.
 */
export async function markRefundedWhenPaidBack(orderId: number, planId: number, tx?: Tx) {
  const [row] = await (tx ?? db())
    .select({
      open: sql<number>`count(*) filter (where ${laybyRefunds.status} <> 'completed')::int`,
      done: sql<number>`count(*) filter (where ${laybyRefunds.status} = 'completed')::int`,
    })
    .from(laybyRefunds)
    .where(eq(laybyRefunds.planId, planId));
  if (!row || row.open > 0 || row.done === 0) return;
  const [plan] = await (tx ?? db())
    .select({ status: laybyPlans.status })
    .from(laybyPlans)
    .where(eq(laybyPlans.id, planId));
  if (plan?.status !== "cancelled") return;
  const move = async (t: Tx) => {
    const [order] = await t
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (order?.paymentStatus !== "partially_paid") return;
    await moveOrderPayment(t, { orderId, to: "refunded" });
  };
  await (tx ? move(tx) : db().transaction(move));
}
