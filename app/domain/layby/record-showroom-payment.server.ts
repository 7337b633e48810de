import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyPlans, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { sendPaymentMails } from "~/domain/orders/order-mail.server";
import { formatMoney } from "~/lib/money";
import { ordersPaid } from "~/lib/metrics.server";
import { sendInstalmentReceipt } from "./instalment-mail.server";
import {
  instalmentName,
  nextUnpaidInstalment,
  settleInstalment,
  type InstalmentSettlement,
} from "./pay-instalment.server";

/**
 * Staff record an instalment paid at the showroom (the till's receipt as reference). It pays
 * the plan's earliest unpaid instalment, which must be the one the form showed (`number`), so a
 * repeated submit never pays the one after it; it counts as an online payment does (the
 * deposit starts the plan, the last one pays the order), through the same settleInstalment.
 * The shopper gets the same receipt, or the paid-order e-mails for the last one.
 */
export async function recordShowroomPayment(options: {
  orderId: number;
  /** The instalment the form showed as next (0 is the deposit). */
  number: number;
  receiptReference: string;
  actor: { id: string; email: string };
  siteUrl: string;
  now?: Date;
}): Promise<InstalmentSettlement> {
  const { orderId, actor } = options;
  const settled = await db().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) throw notFound("This order does not exist.");
    const [plan] = await tx.select().from(laybyPlans).where(eq(laybyPlans.orderId, orderId));
    if (!plan) throw conflict(`Order #${order.number} is not on lay-by.`);
    if (plan.status === "cancelled" || order.status === "cancelled") {
      throw conflict(`The lay-by of order #${order.number} has been cancelled: nothing is due.`);
    }
    const next = await nextUnpaidInstalment(orderId, tx);
    if (!next || plan.status === "completed") {
      throw conflict(`The lay-by of order #${order.number} is paid in full.`);
    }
    if (next.number !== options.number) {
      throw conflict(
        `${instalmentName(options.number)} has been paid already; the next one is ${instalmentName(next.number).toLowerCase()} (${formatMoney(next.amountCents, { cents: true })}).`,
      );
    }
    const result = await settleInstalment(tx, {
      instalmentId: next.id,
      paidBy: {
        kind: "showroom",
        recordedBy: actor.email,
        showroomReference: options.receiptReference,
      },
      now: options.now,
    });
    if (result.result === "duplicate" || result.result === "order_closed") {
      throw conflict(`${instalmentName(next.number)} could not be recorded: refresh the page.`);
    }
    await recordAudit(
      {
        action: "layby_payment_recorded",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: {
          instalment: next.number,
          amountCents: next.amountCents,
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
