import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans, orders, payments, refundParts, refunds } from "~/db/schema";
import { recordRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { settleInstalment } from "~/domain/layby/pay-instalment.server";
import { createLaybyPlan } from "~/domain/layby/place-plan.server";
import { planLaybySchedule } from "~/domain/layby/schedule";
import { recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import type { AddOnChoice } from "~/domain/orders/add-ons";
import { placeOrder } from "~/domain/orders/place-order.server";
import { users } from "~/db/schema";
import { startSmtpServer } from "../../setup/smtp";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";

type Shop = Awaited<ReturnType<typeof setUpShop>>;

/**
 * A file's shop for lay-by tests, set up once: a real SMTP server that keeps what the shop
 * sends, the shop itself and, when given, a staff member (the audit log names them).
 */
export function useLaybyShop(staff?: { id: string; email: string }) {
  const ctx = {} as { smtp: Awaited<ReturnType<typeof startSmtpServer>>; shop: Shop };
  beforeAll(async () => {
    ctx.smtp = await startSmtpServer();
    process.env.SMTP_URL = ctx.smtp.url;
    ctx.shop = await setUpShop();
    if (staff)
      await db()
        .insert(users)
        .values({ ...staff, name: "Desk", role: "staff" });
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await ctx.smtp.close();
  });
  return ctx;
}

/** How each paid instalment was paid: online through the demo gateway, or at the showroom. */
export type PaidBy = "online" | "showroom";

/**
 * A lay-by order once some instalments are paid: the order (stock reserved), its plan and
 * instalments made by the checkout's createLaybyPlan (on a chosen start day and charge), and each
 * paid one settled as the shop settles them: an approved demo payment or a showroom receipt.
 */
export async function laybyOrder(
  shop: Shop,
  options: {
    priceCents: number;
    quantity?: number;
    depositCents?: number;
    months?: number;
    chargeBasisPoints?: number;
    /** How the deposit and the first instalments were paid, in order; none: awaiting deposit. */
    paid?: PaidBy[];
    startDay?: string;
    email?: string;
    promoCode?: string;
    addOns?: AddOnChoice;
  },
) {
  const bed = await addVariant(shop, { priceCents: options.priceCents, stock: 10 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: options.quantity ?? 1 }], {
      email: options.email ?? "thandi@example.com",
      promoCode: options.promoCode ?? "",
      ...(options.addOns ? { addOns: options.addOns } : {}),
    }),
  );
  const schedule = planLaybySchedule({
    totalCents: order.totalCents,
    depositCents: options.depositCents ?? 60_000,
    months: options.months ?? 6,
    startDay: options.startDay ?? "2026-11-02",
    minDepositCents: 60_000,
  });
  const { plan, instalments } = await db().transaction((tx) =>
    createLaybyPlan(tx, {
      orderId: order.id,
      totalCents: order.totalCents,
      depositCents: schedule.payments[0]!.amountCents,
      months: options.months ?? 6,
      startDay: schedule.payments[0]!.dueDay,
      minDepositCents: 60_000,
      chargeBasisPoints: options.chargeBasisPoints ?? 100,
    }),
  );
  // Placed as checkout places a lay-by: its stage is a lay-by's from the start.
  await db().update(orders).set({ status: "layby" }).where(eq(orders.id, order.id));
  // Paid as the shop records them: an approved demo payment through recordPaymentOutcome, or
  // a showroom receipt through settleInstalment.
  for (const [index, how] of (options.paid ?? []).entries()) {
    const instalment = instalments[index]!;
    if (how === "online") {
      const [payment] = await db()
        .insert(payments)
        .values({
          orderId: order.id,
          provider: "demo",
          method: "card",
          reference: `${order.number}-${crypto.randomBytes(6).toString("hex")}`,
          amountCents: instalment.amountCents,
          instalmentId: instalment.id,
        })
        .returning();
      const recorded = await recordPaymentOutcome({
        provider: "demo",
        reference: payment!.reference,
        providerReference: `demo-${crypto.randomBytes(6).toString("hex")}`,
        status: "approved",
        amountCents: payment!.amountCents,
      });
      if (recorded.result !== "paid") throw new Error(`Instalment ${index}: ${recorded.result}`);
    } else {
      await db().transaction((tx) =>
        settleInstalment(tx, {
          instalmentId: instalment.id,
          paidBy: { kind: "showroom", recordedBy: "desk", showroomReference: `TILL-${index}` },
        }),
      );
    }
  }
  return { bed, order, plan, instalments, schedule };
}

export const planRow = async (orderId: number) =>
  (await db().select().from(laybyPlans).where(eq(laybyPlans.orderId, orderId)))[0]!;

export const orderRow = async (orderId: number) =>
  (await db().select().from(orders).where(eq(orders.id, orderId)))[0]!;

export const instalmentsOf = (planId: number) =>
  db()
    .select()
    .from(laybyInstalments)
    .where(eq(laybyInstalments.planId, planId))
    .orderBy(asc(laybyInstalments.number));

export const paymentsOf = (orderId: number) =>
  db()
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "approved")));

/** A plan's refund parts (one refunds table: kind layby), oldest first. */
export const laybyRefundParts = async (planId: number) =>
  (
    await db()
      .select({ part: refundParts })
      .from(refundParts)
      .innerJoin(refunds, eq(refunds.id, refundParts.refundId))
      .where(and(eq(refunds.kind, "layby"), eq(refunds.planId, planId)))
      .orderBy(asc(refundParts.id))
  ).map((r) => r.part);

/** A plan's refunds (kind layby), oldest first. */
export const laybyRefundsOf = (planId: number) =>
  db()
    .select()
    .from(refunds)
    .where(and(eq(refunds.kind, "layby"), eq(refunds.planId, planId)))
    .orderBy(asc(refunds.id));

/**
 * Staff pay back by hand, and record, every part of the plan's refunds still open (the cash
 * for the showroom's share, or one a provider refused), as the lay-by card's Record form does.
 */
export async function payOutByHand(options: {
  orderId: number;
  planId: number;
  actor: { id: string; email: string };
  reference?: string;
}) {
  for (const part of await laybyRefundParts(options.planId)) {
    if (part.status === "paid") continue;
    await recordRefundPart({
      orderId: options.orderId,
      refundId: part.refundId,
      partId: part.id,
      outcome: "paid_by_hand",
      reference: options.reference ?? `CASH-${part.id}`,
      actor: options.actor,
    });
  }
}
