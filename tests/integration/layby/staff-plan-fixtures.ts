import crypto from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { laybyInstalments, laybyPlans, orders, payments } from "~/db/schema";
import { planLaybySchedule } from "~/domain/layby/schedule";
import { placeOrder } from "~/domain/orders/place-order.server";
import { addVariant, checkout, type setUpShop } from "../orders/fixtures";

type Shop = Awaited<ReturnType<typeof setUpShop>>;

/** How each paid instalment was paid: online through the demo gateway, or at the showroom. */
export type PaidBy = "online" | "showroom";

/**
 * A lay-by order as checkout leaves it once some instalments are paid: the order (stock
 * reserved), its plan and instalments, and for each paid one an approved demo payment or a
 * showroom receipt. Written with the real schema, so the staff side can be tested on its own.
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
  },
) {
  const bed = await addVariant(shop, { priceCents: options.priceCents, stock: 10 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: options.quantity ?? 1 }], {
      email: options.email ?? "thandi@example.com",
      promoCode: options.promoCode ?? "",
    }),
  );
  const schedule = planLaybySchedule({
    totalCents: order.totalCents,
    depositCents: options.depositCents ?? 60_000,
    months: options.months ?? 6,
    startDay: options.startDay ?? "2026-11-02",
    minDepositCents: 60_000,
  });
  const paidBy = options.paid ?? [];
  const [plan] = await db()
    .insert(laybyPlans)
    .values({
      orderId: order.id,
      status: paidBy.length === 0 ? "awaiting_deposit" : "active",
      depositCents: schedule.payments[0]!.amountCents,
      months: options.months ?? 6,
      chargeBasisPoints: options.chargeBasisPoints ?? 100,
      startDay: schedule.payments[0]!.dueDay,
      endDay: schedule.endDay,
      lapseDay: schedule.lapseDay,
    })
    .returning();
  const instalments = await db()
    .insert(laybyInstalments)
    .values(schedule.payments.map((p) => ({ planId: plan!.id, ...p })))
    .returning();
  let paidAt = Date.parse("2026-11-02T08:00:00Z");
  for (const [index, how] of paidBy.entries()) {
    const instalment = instalments[index]!;
    paidAt += 60_000;
    if (how === "online") {
      const [payment] = await db()
        .insert(payments)
        .values({
          orderId: order.id,
          provider: "demo",
          method: "card",
          reference: `${order.number}-${crypto.randomBytes(6).toString("hex")}`,
          providerReference: `demo-${crypto.randomBytes(6).toString("hex")}`,
          amountCents: instalment.amountCents,
          instalmentId: instalment.id,
          status: "approved",
        })
        .returning();
      await db()
        .update(laybyInstalments)
        .set({ paidAt: new Date(paidAt), paymentId: payment!.id })
        .where(eq(laybyInstalments.id, instalment.id));
    } else {
      await db()
        .update(laybyInstalments)
        .set({
          paidAt: new Date(paidAt),
          recordedBy: "desk",
          showroomReference: `TILL-${index}`,
        })
        .where(eq(laybyInstalments.id, instalment.id));
    }
  }
  if (paidBy.length > 0) {
    await db()
      .update(orders)
      .set({ paymentStatus: "partially_paid" })
      .where(eq(orders.id, order.id));
  }
  return { bed, order, plan: plan!, instalments, schedule };
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
