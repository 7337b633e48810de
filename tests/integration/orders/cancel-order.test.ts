import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { creditNotes, orders, refunds } from "~/db/schema";
import {
  cancelOrder,
  markOrderDelivered,
  previewCancellation,
} from "~/domain/orders/cancel-order.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import { orderStage } from "~/domain/orders/order-stage.server";
import { formatDeliveryDay } from "~/domain/delivery/day-names";
import { shopToday } from "~/lib/dates";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { addVariant, checkout, setUpShop, stockOf } from "./fixtures";

useTestDatabase();
let shop: Awaited<ReturnType<typeof setUpShop>>;
let actor: { id: string; email: string };

beforeAll(async () => {
  shop = await setUpShop();
  const owner = await signedIn("owner");
  actor = { id: owner.user.id, email: owner.email };
});

async function paidOrder(priceCents: number, quantity = 1) {
  const bed = await addVariant(shop, { priceCents, stock: 10 });
  const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity }]));
  const payment = await createPaymentAttempt(order, "card", "demo");
  const recorded = await recordPaymentOutcome({
    provider: "demo",
    reference: payment.reference,
    providerReference: `demo-${crypto.randomBytes(4).toString("hex")}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  expect(recorded.result).toBe("paid");
  return { bed, order };
}

const orderRow = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!;

describe("cancelling an order: one way, which pays back what was paid", () => {
  it("a paid order is previewed, then paid back in full with a credit note, its stock back once", async () => {
    const { bed, order } = await paidOrder(400_000, 2);
    expect(await orderRow(order.id)).toMatchObject({ status: "to_deliver", paymentStatus: "paid" });
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 8 });

    const preview = await previewCancellation({ orderId: order.id, actor });
    expect(preview).toMatchObject({ amountCents: order.totalCents, restock: true });
    // A preview saves nothing.
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    const done = await cancelOrder({ orderId: order.id, actor });
    expect(done.refund).toMatchObject({ status: "completed", amountCents: order.totalCents });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    const notes = await db()
      .select()
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.creditNoteId, creditNotes.id))
      .where(eq(refunds.orderId, order.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.credit_notes.totalCents).toBe(order.totalCents);
    // Back on the shelf once: the refund's restock and the cancellation's return do not add up.
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 10, reserved: 0 });

    const stage = await orderStage(order.id);
    expect(stage).toMatchObject({ stage: "cancelled", title: "Cancelled" });
    expect(stage!.sentence).toMatch(/^R[\d,]+\.\d{2} refunded, the way you paid\.$/);
  });

  it("a paid order with money paid back by amount before pays back the rest by amount, its stock back once", async () => {
    const { bed, order } = await paidOrder(300_000);
    await refundOrder({
      orderId: order.id,
      input: {
        lines: [],
        amountCents: 25_000,
        reason: "Goodwill",
        method: "provider",
        eftReference: "",
        restock: false,
      },
      actor,
    });
    const preview = await previewCancellation({ orderId: order.id, actor });
    expect(preview).toMatchObject({ amountCents: order.totalCents - 25_000 });
    await cancelOrder({ orderId: order.id, actor });
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    const back = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(back.reduce((sum, r) => sum + r.amountCents, 0)).toBe(order.totalCents);
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 10, reserved: 0 });
  });

  it("a paid order paid back in full by amount is not handed over: staff cancel it", async () => {
    const { bed, order } = await paidOrder(200_000);
    await refundOrder({
      orderId: order.id,
      input: {
        lines: [],
        amountCents: order.totalCents,
        reason: "Could not supply",
        method: "provider",
        eftReference: "",
        restock: false,
      },
      actor,
    });
    await expect(markOrderDelivered({ orderId: order.id, actor })).rejects.toThrow(
      /has been paid back in full: cancel it rather than hand it over/,
    );
    await cancelOrder({ orderId: order.id, actor });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled" });
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 10, reserved: 0 });
  });

  it("an unpaid order only gives its hold back: nothing to pay back, no credit note", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 5 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 2 }]));
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 5, reserved: 2 });
    expect(await previewCancellation({ orderId: order.id, actor })).toBeNull();
    const done = await cancelOrder({ orderId: order.id, actor });
    expect(done.refund).toBeNull();
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", stockHold: "released" });
    expect(await stockOf(bed.variantId)).toMatchObject({ onHand: 5, reserved: 0 });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it("a delivered order is not cancelled (its returns are refunds), nor one cancelled already", async () => {
    const { order } = await paidOrder(150_000);
    await markOrderDelivered({ orderId: order.id, actor });
    // Handed over without a run: the day it was handed over, nobody's signature.
    expect(await orderStage(order.id)).toMatchObject({
      stage: "delivered",
      title: `Delivered on ${formatDeliveryDay(shopToday())}`,
    });
    await expect(cancelOrder({ orderId: order.id, actor })).rejects.toThrow(
      /has been delivered: refund what comes back/,
    );
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    const other = await paidOrder(150_000);
    await cancelOrder({ orderId: other.order.id, actor });
    await expect(cancelOrder({ orderId: other.order.id, actor })).rejects.toThrow(
      /is cancelled already/,
    );
    // Paid back once.
    expect(
      await db().select().from(refunds).where(eq(refunds.orderId, other.order.id)),
    ).toHaveLength(1);
  });

  it("a paid order reads as to be delivered, never pending", async () => {
    const { order } = await paidOrder(120_000);
    const stage = await orderStage(order.id);
    expect(stage).toMatchObject({ stage: "to_book", badge: "To book" });
    expect(JSON.stringify(stage)).not.toMatch(/pending/i);
  });
});
