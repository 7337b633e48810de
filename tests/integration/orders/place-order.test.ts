import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orderEvents, orderLines, orders, promotions } from "~/db/schema";
import { OutOfStockError } from "~/domain/orders/order-stock.server";
import { NotSoldError, placeOrder } from "~/domain/orders/place-order.server";
import { PromotionError } from "~/domain/orders/promotions.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { useTestDatabase } from "../../setup/database";
import { addPromotion, addVariant, checkout, setUpShop, stockOf } from "./fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
beforeAll(async () => {
  shop = await setUpShop();
});

describe("placeOrder", () => {
  it("prices the order from the database, holds the stock and numbers it", async () => {
    const bed = await addVariant(shop, { priceCents: 150_000, stock: 5 });
    const pillow = await addVariant(shop, { priceCents: 30_000, stock: 5 });
    const { order, created } = await placeOrder(
      checkout([
        { variantId: bed.variantId, quantity: 1 },
        { variantId: pillow.variantId, quantity: 2 },
      ]),
    );
    expect(created).toBe(true);
    // R1,500 + 2 x R300 = R2,100: free standard delivery; VAT is 15/115 of the total.
    expect(order).toMatchObject({
      subtotalCents: 210_000,
      discountCents: 0,
      deliveryCents: 0,
      totalCents: 210_000,
      vatCents: 27_391,
      status: "awaiting_payment",
      paymentStatus: "unpaid",
      stockHold: "reserved",
    });
    expect(order.number).toBeGreaterThanOrEqual(1001);
    expect(order.token.length).toBeGreaterThanOrEqual(40);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 5, reserved: 1 });
    expect(await stockOf(pillow.variantId)).toEqual({ onHand: 5, reserved: 2 });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((l) => [l.title, l.size, l.unitPriceCents, l.quantity])).toEqual([
      [expect.stringMatching(/^Test Bed/), "Queen", 150_000, 1],
      [expect.stringMatching(/^Test Bed/), "Queen", 30_000, 2],
    ]);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.type)).toEqual(["placed"]);

    const next = await placeOrder(checkout([{ variantId: pillow.variantId, quantity: 1 }]));
    expect(next.order.number).toBe(order.number + 1);
  });

  it("charges delivery under R2,000 and always for express", async () => {
    const cheap = await addVariant(shop, { priceCents: 50_000, stock: 5 });
    const standard = await placeOrder(checkout([{ variantId: cheap.variantId, quantity: 1 }]));
    expect(standard.order).toMatchObject({ deliveryCents: 29_900, totalCents: 79_900 });
    const dear = await addVariant(shop, { priceCents: 500_000, stock: 5 });
    const express = await placeOrder(
      checkout([{ variantId: dear.variantId, quantity: 1 }], { deliveryMethod: "express" }),
    );
    expect(express.order).toMatchObject({ deliveryCents: 29_900, totalCents: 529_900 });
  });

  it("refuses more than is in stock, and products no longer sold, and changes nothing", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 2 });
    const draft = await addVariant(shop, { priceCents: 100_000, stock: 2, status: "draft" });
    const before = await db().select({ n: count() }).from(orders);
    await expect(
      placeOrder(checkout([{ variantId: bed.variantId, quantity: 3 }])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    await expect(
      placeOrder(checkout([{ variantId: draft.variantId, quantity: 1 }])),
    ).rejects.toBeInstanceOf(NotSoldError);
    const after = await db().select({ n: count() }).from(orders);
    expect(after).toEqual(before);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 2, reserved: 0 });
  });

  it("gives exactly K orders when N shoppers buy the last K units at once", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 3 });
    const attempts = Array.from({ length: 12 }, () =>
      placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }])),
    );
    const results = await Promise.allSettled(attempts);
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(9);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OutOfStockError);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 3, reserved: 3 });
  });

  it("gives one order for one idempotency key, sent again or twice at once", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 10 });
    const input = checkout([{ variantId: bed.variantId, quantity: 1 }]);
    const [a, b] = await Promise.all([placeOrder(input), placeOrder(input)]);
    const c = await placeOrder(input);
    expect(a.order.id).toBe(b.order.id);
    expect(c.order.id).toBe(a.order.id);
    expect([a.created, b.created, c.created].filter(Boolean)).toHaveLength(1);
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 10, reserved: 1 });
  });

  it("applies a promotion and counts its use; a single-use code is redeemed once under a rush", async () => {
    const bed = await addVariant(shop, { priceCents: 400_000, stock: 50 });
    await addPromotion({ code: "TENOFF", kind: "percentage", value: 10 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { promoCode: "TENOFF" }),
    );
    expect(order).toMatchObject({
      subtotalCents: 400_000,
      discountCents: 40_000,
      deliveryCents: 0,
      totalCents: 360_000,
      promotionCode: "TENOFF",
    });

    await addPromotion({ code: "ONCE", kind: "fixed", value: 50_000, usageLimit: 1 });
    const rush = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }], { promoCode: "ONCE" })),
      ),
    );
    expect(rush.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of rush.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PromotionError);
      expect((r as PromiseRejectedResult).reason.message).toMatch(/maximum number of times/);
    }
    const [once] = await db().select().from(promotions).where(eq(promotions.code, "ONCE"));
    expect(once!.usedCount).toBe(1);
    // The refused orders held no stock: 1 (TENOFF) + 1 (ONCE) units reserved.
    expect(await stockOf(bed.variantId)).toEqual({ onHand: 50, reserved: 2 });
  });

  it("says why a code cannot be used", async () => {
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 5 });
    await addPromotion({ code: "OLD", endsAt: new Date("2020-01-01") });
    await addPromotion({ code: "LATER", startsAt: new Date(Date.now() + 86_400_000) });
    await addPromotion({ code: "OFF", active: false });
    await addPromotion({
      code: "BIGSPEND",
      kind: "fixed",
      value: 10_000,
      minSubtotalCents: 500_000,
    });
    const cases: [string, RegExp][] = [
      ["NOPE", /"NOPE" is not a valid promotion code/],
      ["OLD", /has expired/],
      ["LATER", /cannot be used yet/],
      ["OFF", /no longer active/],
      [
        "BIGSPEND",
        /needs a spend of R5,000.00 on goods; your cart is R1,000.00 \(R4,000.00 short\)/,
      ],
    ];
    for (const [code, message] of cases) {
      const quote = await quoteCheckout({
        lines: [{ variantId: bed.variantId, quantity: 1 }],
        deliveryMethod: "standard",
        promoCode: code,
      });
      expect(quote.promoMessage).toMatch(message);
      expect(quote.totals.discountCents).toBe(0);
      await expect(
        placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }], { promoCode: code })),
      ).rejects.toThrow(message);
    }
  });
});

describe("quoteCheckout", () => {
  it("prices the cart, names stock problems and applies a code", async () => {
    const bed = await addVariant(shop, { priceCents: 180_000, stock: 1 });
    const gone = await addVariant(shop, { priceCents: 90_000, stock: 4, status: "archived" });
    await addPromotion({ code: "R100", kind: "fixed", value: 10_000 });
    const quote = await quoteCheckout({
      lines: [
        { variantId: bed.variantId, quantity: 2 },
        { variantId: gone.variantId, quantity: 1 },
      ],
      deliveryMethod: "standard",
      promoCode: "R100",
    });
    expect(quote.problems).toEqual([
      { variantId: bed.variantId, problem: "short", available: 1 },
      { variantId: gone.variantId, problem: "not_sold", available: 0 },
    ]);
    expect(quote.totals).toEqual({
      subtotalCents: 360_000,
      discountCents: 10_000,
      deliveryCents: 0,
      removalCents: 0,
      assemblyCents: 0,
      totalCents: 350_000,
      vatCents: 45_652,
    });
    expect(quote.promotion).toEqual({ code: "R100", description: "" });
  });
});
