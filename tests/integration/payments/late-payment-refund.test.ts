import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { refunds, salesLedger, users } from "~/db/schema";
import {
  askAgainAboutRefund,
  listAwaitingRefundParts,
  listMoneyOwedBack,
} from "~/domain/invoicing/recheck-refunds.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { useTestDatabase } from "../../setup/database";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { startPayflexStandIn } from "./helpers";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
const staff = { id: "desk-late", email: "late@example.com" };
beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ ...staff, name: "Desk", role: "staff" });
});

const netOf = async (orderId: number) =>
  (
    await db()
      .select({ net: sql<number>`coalesce(sum(${salesLedger.amountCents}), 0)::int` })
      .from(salesLedger)
      .where(eq(salesLedger.orderId, orderId))
  )[0]!.net;

describe("money that arrives after the order was cancelled", () => {
  it.each(["demo", "payflex"] as const)(
    "a %s payment approved after the cancellation is a refund owed of that amount; paid back, nothing is owed and the order nets to nothing",
    async (provider) => {
      const asked: string[] = [];
      // The demo gateway stands in for every provider only while none is set up.
      const api =
        provider === "payflex"
          ? await startPayflexStandIn(({ body }) => {
              asked.push(JSON.parse(body).requestId);
              return { status: 201, body: { refundId: "pfx-late-1" } };
            })
          : null;
      try {
        const bed = await addVariant(shop, { priceCents: 349_900, stock: 5 });
        const { order } = await placeOrder(
          checkout([{ variantId: bed.variantId, quantity: 1 }], { email: `${provider}@late.test` }),
        );
        const payment = await createPaymentAttempt(
          order,
          provider === "demo" ? "card" : "payflex",
          provider,
        );
        await cancelOrder({ orderId: order.id, actor: staff });
        const recorded = await recordPaymentOutcome({
          provider,
          reference: payment.reference,
          providerReference: `${provider}-${crypto.randomBytes(6).toString("hex")}`,
          status: "approved",
          amountCents: payment.amountCents,
        });
        expect(recorded.result).toBe("order_closed");

        // Held and shown: one refund owed, of exactly what the payment took.
        const owed = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
        expect(owed).toEqual([
          expect.objectContaining({
            kind: "payment",
            status: "awaiting_provider",
            amountCents: payment.amountCents,
            invoiceId: null,
          }),
        ]);
        const parts = await listAwaitingRefundParts(order.id);
        expect(parts).toEqual([
          expect.objectContaining({ kind: "payment", status: "pending", provider }),
        ]);
        expect(parts[0]!.why).toMatch(/received after the order was cancelled/);
        expect(await listMoneyOwedBack()).toContainEqual({
          orderNumber: order.number,
          amountCents: payment.amountCents,
        });
        expect(await netOf(order.id)).toBe(payment.amountCents);

        // Staff pay it back through the provider, through the one engine.
        const done = await askAgainAboutRefund({
          orderId: order.id,
          refundId: owed[0]!.id,
          actor: staff,
        });
        expect(done).toMatchObject({ status: "completed", amountCents: payment.amountCents });
        if (provider === "payflex") expect(asked).toEqual([`RP-${parts[0]!.partId}`]);
        expect(await listAwaitingRefundParts(order.id)).toEqual([]);
        expect(
          (await listMoneyOwedBack()).find((o) => o.orderNumber === order.number),
        ).toBeUndefined();
        expect(await netOf(order.id)).toBe(0);
        // Once only: asked again, it is settled and changes nothing.
        await expect(
          askAgainAboutRefund({ orderId: order.id, refundId: owed[0]!.id, actor: staff }),
        ).rejects.toThrow(/not awaiting an answer/);
        expect(await netOf(order.id)).toBe(0);
      } finally {
        await api?.close();
      }
    },
  );
});
