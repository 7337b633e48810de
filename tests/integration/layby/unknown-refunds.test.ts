import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { payments, refundParts } from "~/db/schema";
import { listAwaitingRefundParts, recheckRefunds } from "~/domain/invoicing/recheck-refunds.server";
import { cancelLaybyPlan } from "~/domain/layby/cancel-plan.server";
import { getAdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { setUpShop } from "../orders/fixtures";
import { startPayflexStandIn } from "../payments/helpers";
import { laybyOrder, laybyRefundsOf, orderRow } from "./staff-plan-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let staff: { id: string; email: string };
beforeAll(async () => {
  shop = await setUpShop();
  staff = (await signedIn("staff")).user;
});

describe("a lay-by refund the provider may have paid", () => {
  it("stays held while PayFlex does not answer, is offered to staff to record, and completes when PayFlex, asked again with the same request, says it paid", async () => {
    let down = true;
    const requests: string[] = [];
    const api = await startPayflexStandIn(({ body }) => {
      requests.push(JSON.parse(body).requestId);
      if (down) return { status: 503, body: { message: "Try later" } };
      return { status: 201, body: { refundId: "pfx-lb-1" } };
    });
    try {
      const { order } = await laybyOrder(shop, {
        priceCents: 300_000,
        months: 3,
        paid: ["online"],
      });
      // The deposit as PayFlex took it.
      await db()
        .update(payments)
        .set({ provider: "payflex", providerReference: `pfx-order-${order.id}` })
        .where(eq(payments.orderId, order.id));
      await cancelLaybyPlan({
        orderId: order.id,
        reason: "staff",
        actor: staff,
        siteUrl: "http://shop.test",
      });
      const [row] = await db()
        .select()
        .from(refundParts)
        .where(
          eq(
            refundParts.paymentId,
            (await db().select().from(payments).where(eq(payments.orderId, order.id)))[0]!.id,
          ),
        );
      expect(row).toMatchObject({ status: "unknown" });
      expect(row!.failure).toContain("HTTP 503");
      const [refund] = await laybyRefundsOf((await getAdminLaybyPlan(order.id))!.id);
      expect(refund).toMatchObject({ status: "awaiting_provider" });
      expect(refund!.failure).toMatch(/PayFlex has not said whether it paid back/);
      expect((await orderRow(order.id)).paymentStatus).toBe("partially_paid");
      // Shown on the lay-by card, with the forms every refund's open part gets.
      const plan = await getAdminLaybyPlan(order.id);
      expect(plan?.refunds.find((r) => r.id === row!.id)).toMatchObject({ status: "unknown" });
      expect(await listAwaitingRefundParts(order.id)).toEqual([
        expect.objectContaining({ partId: row!.id, kind: "layby", status: "unknown" }),
      ]);

      // Too soon: the job waits; later, PayFlex answers the same request id and it completes.
      expect(await recheckRefunds()).toBe(0);
      down = false;
      expect(await recheckRefunds(new Date(Date.now() + 6 * 60_000))).toBe(1);
      expect(requests).toEqual([`RP-${row!.id}`, `RP-${row!.id}`]);
      const [after] = await db().select().from(refundParts).where(eq(refundParts.id, row!.id));
      expect(after).toMatchObject({ status: "paid", reference: "pfx-lb-1" });
      expect((await laybyRefundsOf(refund!.planId!))[0]).toMatchObject({ status: "completed" });
      expect((await orderRow(order.id)).paymentStatus).toBe("refunded");
    } finally {
      await api.close();
    }
  });
});
