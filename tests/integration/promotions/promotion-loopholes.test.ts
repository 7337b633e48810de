import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders, promotions, storeSettings } from "~/db/schema";
import { previewRefund, refundOrder } from "~/domain/invoicing/refund-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { emailKey } from "~/domain/orders/promotions.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { completedRefund } from "../invoicing/invoice-fixtures";
import { addPromotion, addVariant, checkout, setUpShop } from "../orders/fixtures";
import {
  paidMattressAndPillow,
  refundOne,
  refusedWith,
  shopperAccount,
} from "./promotion-fixtures";

useTestDatabase();

/*
 * Issue 50, defect 5: a code that makes an order free, one use per customer dodged with a
 * tagged address, and what a part refund does to a minimum spend and to free delivery.
 */

let shop: Awaited<ReturnType<typeof setUpShop>>;
let actor: { id: string; email: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "promotion-loopholes-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  shop = await setUpShop();
  await db()
    .update(storeSettings)
    .set({ vatNumber: "4123456789", freeDeliveryThresholdCents: 200_000 });
  actor = (await signedIn("staff")).user;
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("a code that would make the order free", () => {
  it("is refused at checkout with the reason, and no order is made or use counted", async () => {
    const code = await addPromotion({ code: "FREEBED", kind: "percentage", value: 100 });
    // R3,000 of goods: delivery is free, so 100% off leaves nothing to pay.
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const lines = [{ variantId: bed.variantId, quantity: 1 }];
    const message =
      "FREEBED would make this order free (R0.00), and an order online needs a payment to confirm it. Please contact us to use FREEBED, or add to your order.";
    const quote = await quoteCheckout({ lines, deliveryMethod: "standard", promoCode: "FREEBED" });
    expect(quote.promoMessage).toBe(message);
    expect(quote.totals.totalCents).toBe(300_000);
    const before = await db().$count(orders);
    await refusedWith(placeOrder(checkout(lines, { promoCode: "FREEBED" })), message);
    expect(await db().$count(orders)).toBe(before);
    const [row] = await db().select().from(promotions).where(eq(promotions.id, code.id));
    expect(row!.usedCount).toBe(0);
  });

  it("is taken when something is left to pay (the delivery)", async () => {
    const pillow = await addVariant(shop, { priceCents: 50_000, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: pillow.variantId, quantity: 1 }], { promoCode: "FREEBED" }),
    );
    expect(order.discountCents).toBe(50_000);
    expect(order.totalCents).toBe(order.deliveryCents);
    expect(order.totalCents).toBeGreaterThan(0);
  });
});

describe("one use per customer", () => {
  it("reads a tagged address, and a Gmail address with dots, as the one mailbox", async () => {
    await addPromotion({ code: "ONCE", kind: "fixed", value: 10_000, oncePerCustomer: true });
    const bed = await addVariant(shop, { priceCents: 100_000, stock: 20 });
    // Each an account of its own, its address confirmed: a second account on the same mailbox
    // is the same customer.
    const order = async (email: string) =>
      placeOrder(
        checkout([{ variantId: bed.variantId, quantity: 1 }], {
          promoCode: "ONCE",
          email,
          signedInUserId: (await shopperAccount(email)).id,
        }),
      );
    const used = "You have already used ONCE (one use per customer).";
    await order("thandi@example.com");
    await refusedWith(order("Thandi+deals@example.com"), used);
    await refusedWith(order("THANDI+again@Example.com"), used);
    await order("thandi.m@gmail.com");
    await refusedWith(order("thandim+x@gmail.com"), used);
    await refusedWith(order("Thandi.M@googlemail.com"), used);
    // A dot is a different person outside Gmail.
    await order("t.handi@example.com");
  });

  it("keeps the address as typed otherwise", () => {
    expect(emailKey("  Sipho+News@Mail.co.za ")).toBe("sipho@mail.co.za");
    expect(emailKey("s.i.p.h.o@gmail.com")).toBe("sipho@gmail.com");
    expect(emailKey("s.ipho@outlook.com")).toBe("s.ipho@outlook.com");
    expect(emailKey("+tag@example.com")).toBe("+tag@example.com");
  });
});

describe("a part refund that leaves the order below a rule", () => {
  const refund = (position: number) => refundOne(position, false);

  const paid = (mattressCents: number, promoCode = "") =>
    paidMattressAndPillow({ shop, mattressCents, promoCode });

  it("below the minimum spend: the customer keeps the discount, and the preview says so", async () => {
    await addPromotion({
      code: "SAVE300",
      kind: "fixed",
      value: 30_000,
      minSubtotalCents: 300_000,
    });
    const order = await paid(250_000, "SAVE300");
    expect(order.discountCents).toBe(30_000);
    // The pillow's share of R300 over R3,500 of goods: R85.71.
    const preview = await previewRefund({ orderId: order.id, input: refund(1), actor });
    expect(preview.amountCents).toBe(91_429);
    expect(preview.why).toEqual([
      "Less R85.71: these goods' share of the SAVE300 discount.",
      "The goods SAVE300 was for that the customer keeps come to R2,500.00, below its minimum spend of R3,000.00: the customer keeps the discount on them; nothing is taken back for it.",
    ]);
    const done = completedRefund(await refundOrder({ orderId: order.id, input: refund(1), actor }));
    expect(done.amountCents).toBe(91_429);
  });

  it("below free delivery: delivery stays free, and the preview says so", async () => {
    const order = await paid(150_000);
    expect(order.deliveryCents).toBe(0);
    const preview = await previewRefund({ orderId: order.id, input: refund(1), actor });
    expect(preview.amountCents).toBe(100_000);
    expect(preview.why).toEqual([
      "The goods the customer keeps come to R1,500.00, below free delivery's R2,000.00: delivery stays free; nothing is taken back for it.",
    ]);
  });
});
