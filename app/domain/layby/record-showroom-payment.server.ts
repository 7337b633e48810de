import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, invalid, notFound } from "~/domain/errors";
import { sendPaymentMails } from "~/domain/orders/order-mail.server";
import { formatMoney } from "~/lib/money";
import { ordersPaid } from "~/lib/metrics.server";
import { sendInstalmentReceipt } from "./instalment-mail.server";
import { receiveLaybyPayment, type InstalmentSettlement } from "./pay-instalment.server";
import { owedOn } from "./settle-in-order";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Staff record money a customer brought to the showroom for their lay-by (the till's receipt
 * as reference; docs/decisions/044): any amount from one cent to what the plan still owes,
 * settling the instalments in order through the same receiveLaybyPayment as online payments
 * (the deposit paid in full starts the plan, the last cent pays the order). `owedCents` is what
 * the form showed as still owed: when the plan owes something else now (the same form sent
 * twice, or another payment came in meanwhile) nothing is recorded. The shopper gets a
 * receipt, or the paid-order e-mails for the last payment.
 */
export async function recordShowroomPayment(options: {
  orderId: number;
  amountCents: number;
  /** What the plan still owed when the form was shown. */
  owedCents: number;
  receiptReference: string;
  actor: { id: string; email: string };
  siteUrl: string;
  now?: Date;
}): Promise<InstalmentSettlement> {
  const { orderId, actor, amountCents } = options;
  const settled = await db().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("This order does not exist.");
    const [plan] = await tx.select().from(laybyPlans).where(eq(laybyPlans.orderId, orderId));
    if (!plan) throw conflict(`Order #${order.number} is not on lay-by.`);
    if (plan.status === "cancelled" || order.status === "cancelled") {
      throw conflict(`The lay-by of order #${order.number} has been cancelled: nothing is due.`);
    }
    const owed = owedOn(
      await tx
        .select()
        .from(laybyInstalments)
        .where(eq(laybyInstalments.planId, plan.id))
        .orderBy(asc(laybyInstalments.number)),
    );
    if (owed === 0 || plan.status === "completed") {
      throw conflict(`The lay-by of order #${order.number} is paid in full.`);
    }
    if (owed !== options.owedCents) {
      throw conflict(
        `The lay-by changed since this form was shown: ${money(owed)} is still owed now, not ${money(options.owedCents)}. Nothing was recorded; check the payments received before recording it again.`,
      );
    }
    if (!Number.isInteger(amountCents) || amountCents < 1) {
      throw invalid("Enter an amount above zero.", "amount");
    }
    if (amountCents > owed) {
      throw invalid(
        `${money(amountCents)} is more than the ${money(owed)} still owed on this lay-by.`,
        "amount",
      );
    }
    const result = await receiveLaybyPayment(tx, {
      orderId,
      amountCents,
      paidBy: {
        kind: "showroom",
        recordedBy: actor.email,
        showroomReference: options.receiptReference,
      },
      now: options.now,
    });
    if (result.result === "duplicate" || result.result === "order_closed") {
      throw conflict("The payment could not be recorded: refresh the page.");
    }
    await recordAudit(
      {
        action: "layby_payment_recorded",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: {
          amountCents,
          settled: result.settled,
          owedCents: result.owedCents,
          receipt: options.receiptReference,
          ...(result.result === "completed"
            ? { payment: { from: order.paymentStatus, to: "paid" } }
            : {}),
        },
      },
      tx,
    );
    return result;
  });
  if (settled.result === "completed") {
    ordersPaid.inc();
    await sendPaymentMails(orderId, options.siteUrl);
  } else {
    await sendInstalmentReceipt(orderId, settled, options.siteUrl);
  }
  return settled;
}
