import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, orderEvents } from "~/db/schema";
import { lapseLaybyPlans } from "~/domain/layby/layby-jobs.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { setUpShop, stockOf } from "../orders/fixtures";
import {
  laybyOrder,
  laybyRefundParts,
  laybyRefundsOf,
  orderRow,
  planRow,
} from "./staff-plan-fixtures";

useTestDatabase();

const SITE = "http://shop.test";
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const at = (iso: string) => ({ now: new Date(iso), siteUrl: SITE });
const refundsOf = laybyRefundsOf;

describe("the lapse job", () => {
  it("cancels an active plan once its lapse day has passed in the shop's time zone, keeping the agreed charge", async () => {
    const { order, plan, bed, schedule } = await laybyOrder(shop, {
      priceCents: 1_200_000,
      months: 1,
      paid: ["online"],
      email: "lapsed@example.com",
      startDay: "2026-01-05",
    });
    // One month: due 5 February 2026; 60 business days later is the lapse day.
    expect(schedule.lapseDay).toBe(plan.lapseDay);
    // 23:59 on the lapse day in Johannesburg: still within the time the law gives.
    expect(await lapseLaybyPlans(at(`${plan.lapseDay}T21:59:00Z`))).toBe(0);
    expect((await planRow(order.id)).status).toBe("active");
    // 00:00 the day after.
    expect(await lapseLaybyPlans(at(`${plan.lapseDay}T22:00:00Z`))).toBe(1);

    const deposit = schedule.payments[0]!.amountCents;
    const charge = Math.floor(order.totalCents / 100);
    expect(await planRow(order.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "lapsed",
      chargeCents: charge,
      refundCents: deposit - charge,
    });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 0 });
    const refunds = await refundsOf(plan.id);
    expect(refunds).toMatchObject([
      {
        kind: "layby",
        method: "provider",
        status: "completed",
        amountCents: deposit - charge,
        createdBy: "system",
      },
    ]);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.find((e) => e.type === "layby_cancelled")).toMatchObject({ actor: "system" });
    // Not a staff action: no audit entry, the order's timeline says it.
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `order:${order.number}`)),
    ).toEqual([]);
    const mail = smtp.received.find((m) => m.to.includes("lapsed@example.com"));
    expect(mail?.text).toMatch(/not paid in full 60 business days after its last due day/);

    expect(await lapseLaybyPlans(at(`${plan.lapseDay}T23:00:00Z`))).toBe(0);
  });

  it("two runs at once cancel each plan once", async () => {
    const made = await Promise.all(
      [1, 2, 3].map((n) =>
        laybyOrder(shop, {
          priceCents: 700_000,
          months: 2,
          paid: ["online", "showroom"],
          email: `twice-${n}@example.com`,
          startDay: "2026-02-02",
        }),
      ),
    );
    const when = at(`${made[0]!.plan.lapseDay}T22:00:00Z`);
    const runs = await Promise.all([lapseLaybyPlans(when), lapseLaybyPlans(when)]);
    expect(runs[0] + runs[1]).toBe(3);
    for (const { order, plan } of made) {
      expect((await planRow(order.id)).status).toBe("cancelled");
      const parts = await laybyRefundParts(plan.id);
      expect(parts.map((r) => r.method).sort()).toEqual(["hand", "provider"]);
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(events.filter((e) => e.type === "layby_cancelled")).toHaveLength(1);
      expect(smtp.received.filter((m) => m.to.includes(order.email))).toHaveLength(1);
    }
  });

  it("leaves plans awaiting their deposit (the order's expiry handles them) and completed ones", async () => {
    const waiting = await laybyOrder(shop, {
      priceCents: 700_000,
      months: 1,
      startDay: "2025-01-06",
    });
    expect(await lapseLaybyPlans(at("2026-12-01T08:00:00Z"))).toBe(0);
    expect((await planRow(waiting.order.id)).status).toBe("awaiting_deposit");
  });
});
