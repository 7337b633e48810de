import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, laybyPlans, orderEvents, promotions, storeSettings, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { CHARGE_RULES, chargeWords } from "~/domain/layby/cancellation";
import { getAdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { formatMoney } from "~/lib/money";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { addPromotion, setUpShop, stockOf } from "../orders/fixtures";
import {
  laybyOrder,
  laybyRefundParts,
  laybyRefundsOf,
  orderRow,
  payOutByHand,
  planRow,
  type PaidBy,
} from "./staff-plan-fixtures";

useTestDatabase();

const SITE = "http://shop.test";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
const staff = { id: "desk-1", email: "desk@example.com" };

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ ...staff, name: "Desk", role: "staff" });
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const refundsOf = laybyRefundParts;
const sum = (rows: { amountCents: number }[]) => rows.reduce((s, r) => s + r.amountCents, 0);

describe("staff cancelling a lay-by", () => {
  it("keeps 1% of the goods' price, pays the rest back through the demo gateway, releases the stock and mails the calculation", async () => {
    const { order, plan, bed, schedule } = await laybyOrder(shop, {
      priceCents: 1_000_000,
      paid: ["online", "online"],
      email: "cancel-1@example.com",
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 1 });
    const paid = schedule.payments[0]!.amountCents + schedule.payments[1]!.amountCents;
    const done = await cancelLaybyPlan({
      orderId: order.id,
      reason: "staff",
      actor: staff,
      siteUrl: SITE,
    });
    const charge = Math.floor(order.totalCents / 100);
    expect(done).toMatchObject({ chargeCents: charge, refundCents: paid - charge });

    const refunds = await refundsOf(plan.id);
    expect(refunds.every((r) => r.method === "provider" && r.status === "paid")).toBe(true);
    expect(refunds.map((r) => r.reference)).toEqual(refunds.map((r) => `demo_refund_RP-${r.id}`));
    expect(sum(refunds)).toBe(paid - charge);
    // One refund in the one refunds table, its parts the payments paid back; no invoice.
    expect(await laybyRefundsOf(plan.id)).toEqual([
      expect.objectContaining({
        kind: "layby",
        invoiceId: null,
        status: "completed",
        amountCents: paid - charge,
        createdBy: staff.id,
      }),
    ]);
    // The newest payment (instalment 1) first, in full; the rest from the deposit.
    expect(refunds[0]!.amountCents).toBe(schedule.payments[1]!.amountCents);

    expect(await planRow(order.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "staff",
      chargeCents: charge,
      refundCents: paid - charge,
      chargeRule: "charge",
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
      stockHold: "released",
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });

    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toContain("layby_cancelled");
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `order:${order.number}`));
    expect(audit).toMatchObject({ action: "layby_cancelled", actorId: staff.id });

    const mail = smtp.received.find((m) => m.to.includes("cancel-1@example.com"));
    expect(mail?.subject).toBe(`Your lay-by for order ${order.number} is cancelled`);
    for (const line of done.explanation) expect(mail!.text).toContain(line);
    expect(mail!.text).toContain("Cancellation charge: 1% of the price of the goods");
  });

  it("a second cancellation is refused and changes nothing", async () => {
    const { order, plan } = await laybyOrder(shop, { priceCents: 800_000, paid: ["online"] });
    await cancelLaybyPlan({ orderId: order.id, reason: "staff", actor: staff, siteUrl: SITE });
    const before = { plan: await planRow(order.id), refunds: await refundsOf(plan.id) };
    const again = cancelLaybyPlan({
      orderId: order.id,
      reason: "staff",
      actor: staff,
      siteUrl: SITE,
    });
    await expect(again).rejects.toThrow(DomainError);
    await expect(again).rejects.toThrow(/has been cancelled already/);
    expect(await planRow(order.id)).toEqual(before.plan);
    expect(await refundsOf(plan.id)).toEqual(before.refunds);
  });

  it("a plan paid in full cannot be cancelled", async () => {
    const { order, plan } = await laybyOrder(shop, { priceCents: 800_000, paid: ["online"] });
    await db().update(laybyPlans).set({ status: "completed" }).where(eq(laybyPlans.id, plan.id));
    await expect(
      cancelLaybyPlan({ orderId: order.id, reason: "staff", actor: staff, siteUrl: SITE }),
    ).rejects.toMatchObject({ kind: "conflict", message: expect.stringMatching(/paid in full/) });
    expect((await orderRow(order.id)).status).toBe("layby");
  });

  it.each([
    {
      chargeRule: "charge" as const,
      charged: true,
      card: /^charge R/,
      mail: "our staff cancelled it, as arranged with you",
      line: "Cancellation charge: 1% of the price of the goods",
    },
    {
      chargeRule: "hospitalisation_or_death" as const,
      charged: false,
      card: /^no charge \(hospitalisation or death\)$/,
      mail: "our staff cancelled it, as arranged with you",
      line: "No cancellation charge: the plan ended through hospitalisation or death.",
    },
    {
      chargeRule: "shop_cannot_supply" as const,
      charged: false,
      card: /^no charge \(the shop could not supply the goods\)$/,
      mail: "we cannot supply the goods you chose (Consumer Protection Act s62(2)-(3))",
      line: "No cancellation charge: we cannot supply the goods (Consumer Protection Act s62(2)-(3)), so everything you paid comes back.",
    },
  ])(
    "cancelled for '$chargeRule': its refund, the card's words and the e-mail's",
    async ({ chargeRule, charged, card, mail, line }) => {
      const email = `reason-${chargeRule}@example.com`;
      const { order, plan, schedule } = await laybyOrder(shop, {
        priceCents: 900_000,
        paid: ["online", "online", "online"],
        email,
      });
      const paid = sum(schedule.payments.slice(0, 3));
      const charge = charged ? Math.floor(order.totalCents / 100) : 0;
      const done = await cancelLaybyPlan({
        orderId: order.id,
        reason: "staff",
        actor: staff,
        chargeRule,
        siteUrl: SITE,
      });
      expect(done).toMatchObject({ chargeCents: charge, refundCents: paid - charge });
      expect(sum(await refundsOf(plan.id))).toBe(paid - charge);
      expect(await planRow(order.id)).toMatchObject({ chargeRule, chargeCents: charge });
      // The lay-by card's line for a cancelled plan.
      const shown = await getAdminLaybyPlan(order.id);
      expect(chargeWords(shown!.chargeRule, shown!.chargeCents ?? 0)).toMatch(card);
      const sent = smtp.received.find((m) => m.to.includes(email));
      expect(sent!.text).toContain(mail);
      expect(sent!.text).toContain(line);
      expect(sent!.text).toContain(
        `Refunded to you: ${formatMoney(paid - charge, { cents: true })}.`,
      );
    },
  );

  it("staff who pay the showroom's share back by hand record it on the one refund; then the order reads refunded", async () => {
    const { order, plan } = await laybyOrder(shop, {
      priceCents: 700_000,
      paid: ["showroom"],
    });
    await cancelLaybyPlan({ orderId: order.id, reason: "staff", actor: staff, siteUrl: SITE });
    expect((await laybyRefundsOf(plan.id))[0]).toMatchObject({ status: "awaiting_provider" });
    await payOutByHand({ orderId: order.id, planId: plan.id, actor: staff, reference: "TILL-5" });
    expect(await refundsOf(plan.id)).toEqual([
      expect.objectContaining({ method: "hand", status: "paid", reference: "TILL-5" }),
    ]);
    expect((await laybyRefundsOf(plan.id))[0]).toMatchObject({ status: "completed" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("showroom payments become a cash refund for staff to pay out; the order stays part paid until then", async () => {
    const { order, plan, schedule } = await laybyOrder(shop, {
      priceCents: 700_000,
      paid: ["showroom", "online"],
    });
    const done = await cancelLaybyPlan({
      orderId: order.id,
      reason: "staff",
      actor: staff,
      siteUrl: SITE,
    });
    const refunds = await refundsOf(plan.id);
    const online = refunds.find((r) => r.method === "provider")!;
    const cash = refunds.find((r) => r.method === "hand")!;
    expect(online).toMatchObject({
      status: "paid",
      amountCents: schedule.payments[1]!.amountCents,
    });
    expect(cash).toMatchObject({
      status: "pending",
      amountCents: done.refundCents - online.amountCents,
    });
    expect((await orderRow(order.id)).paymentStatus).toBe("partially_paid");
  });

  it("a plan still awaiting its deposit is cancelled with nothing to refund, and its promotion use given back", async () => {
    const promo = await addPromotion({ code: "LAYBY10", usageLimit: 5 });
    const { order, plan, bed } = await laybyOrder(shop, {
      priceCents: 600_000,
      promoCode: "LAYBY10",
    });
    const used = async () =>
      (await db().select().from(promotions).where(eq(promotions.id, promo.id)))[0]!.usedCount;
    expect(await used()).toBe(1);
    const done = await cancelLaybyPlan({
      orderId: order.id,
      reason: "shopper",
      actor: "shopper",
      siteUrl: SITE,
    });
    expect(done).toMatchObject({ chargeCents: 0, refundCents: 0 });
    expect(await refundsOf(plan.id)).toEqual([]);
    expect(await used()).toBe(0);
    expect(await stockOf(bed.variantId)).toMatchObject({ reserved: 0 });
    expect((await orderRow(order.id)).paymentStatus).toBe("unpaid");
  });
});

describe("the cancellation charge, over many plans", () => {
  it("is never above 1% of the goods' price nor above what was paid, whatever the setting; refunds add up to paid - charge", async () => {
    // The shop's setting is not what a plan is held to: the rate agreed at checkout is.
    await db().update(storeSettings).set({ laybyChargeBasisPoints: 10_000 });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          priceCents: fc.integer({ min: 70_000, max: 5_000_000 }),
          months: fc.integer({ min: 1, max: 6 }),
          chargeBasisPoints: fc.integer({ min: 0, max: 100 }),
          paid: fc.array(fc.constantFrom<PaidBy>("online", "showroom"), {
            minLength: 0,
            maxLength: 4,
          }),
          chargeRule: fc.constantFrom(...CHARGE_RULES),
        }),
        async ({ priceCents, months, chargeBasisPoints, paid, chargeRule }) => {
          // At least one instalment is left unpaid: a plan paid in full is not cancelled.
          const { order, plan, schedule } = await laybyOrder(shop, {
            priceCents,
            months,
            chargeBasisPoints,
            paid: paid.slice(0, months),
          });
          const paidCents = sum(schedule.payments.slice(0, paid.slice(0, months).length));
          const done = await cancelLaybyPlan({
            orderId: order.id,
            reason: "staff",
            actor: staff,
            chargeRule,
            siteUrl: SITE,
          });
          expect(done.chargeCents).toBeLessThanOrEqual(Math.floor(order.totalCents / 100));
          expect(done.chargeCents).toBeLessThanOrEqual(paidCents);
          if (chargeRule !== "charge") expect(done.chargeCents).toBe(0);
          expect(done.refundCents).toBe(paidCents - done.chargeCents);
          const refunds = await refundsOf(plan.id);
          expect(sum(refunds)).toBe(paidCents - done.chargeCents);
          expect(refunds.every((r) => r.method === "hand" || r.status === "paid")).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
    // Fifty plans, each cancellation with a charge mailing its invoice's PDF.
  }, 90_000);
});
