import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoices, laybyRefunds, orderEvents, payments, refunds } from "~/db/schema";
import { failUnansweredRefunds } from "~/domain/payments/unanswered-refunds.server";
import { useTestDatabase } from "../../setup/database";
import { setUpShop } from "../orders/fixtures";
import { laybyOrder } from "../layby/staff-plan-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
beforeAll(async () => {
  shop = await setUpShop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const events = (orderId: number) =>
  db()
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "refund_refused")));

describe("refunds a stopped process left unanswered", () => {
  it("become failed after 15 minutes with what to check, so staff can finish them; newer ones wait", async () => {
    // A paid, invoiced order (a lay-by paid in full online) and a lay-by with its deposit paid.
    const paid = await laybyOrder(shop, {
      priceCents: 200_000,
      months: 1,
      paid: ["online", "online"],
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, paid.order.id));
    const open = await laybyOrder(shop, { priceCents: 300_000, months: 2, paid: ["online"] });
    const [deposit] = await db().select().from(payments).where(eq(payments.orderId, open.order.id));

    const refund = (minutes: number) => ({
      orderId: paid.order.id,
      invoiceId: invoice!.id,
      method: "provider" as const,
      provider: "demo",
      amountCents: 10_000,
      reason: "Damaged",
      createdBy: "desk-1",
      updatedAt: minutesAgo(minutes),
    });
    const [stale, fresh] = await db()
      .insert(refunds)
      .values([refund(16), refund(2)])
      .returning();
    const [staleLayby] = await db()
      .insert(laybyRefunds)
      .values({
        planId: open.plan.id,
        paymentId: deposit!.id,
        method: "provider",
        amountCents: 59_400,
        createdBy: "system",
        updatedAt: minutesAgo(20),
      })
      .returning();

    // Two processes at once: each row is marked once.
    const counts = await Promise.all([failUnansweredRefunds(), failUnansweredRefunds()]);
    expect(counts[0]! + counts[1]!).toBe(2);

    const [staleNow] = await db().select().from(refunds).where(eq(refunds.id, stale!.id));
    expect(staleNow).toMatchObject({ status: "failed" });
    expect(staleNow!.failure).toContain("The shop stopped before the demo gateway answered");
    const [freshNow] = await db().select().from(refunds).where(eq(refunds.id, fresh!.id));
    expect(freshNow).toMatchObject({ status: "pending", failure: "" });
    const [laybyNow] = await db()
      .select()
      .from(laybyRefunds)
      .where(eq(laybyRefunds.id, staleLayby!.id));
    expect(laybyNow).toMatchObject({ status: "failed" });
    expect(laybyNow!.failure).toContain("R594.00");

    expect(await events(paid.order.id)).toHaveLength(1);
    expect(await events(open.order.id)).toHaveLength(1);
    expect(await failUnansweredRefunds()).toBe(0);
  });
});
