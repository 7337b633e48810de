import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  categories,
  products,
  promotionCategories,
  promotionProducts,
  promotionRedemptions,
  promotions,
} from "~/db/schema";
import { cancelOrder } from "~/domain/orders/cancel-order.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { PromotionError } from "~/domain/orders/promotions.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import type { FormActionResult } from "~/lib/forms";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { signedIn } from "../admin/helpers";
import { checkoutForm, submitCheckoutForm } from "../orders/checkout-requests";
import { addPromotion, addVariant, checkout, setUpShop } from "../orders/fixtures";
import { refusedWith, shopperAccount } from "./promotion-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let mattressesId: number;
/** A R2,000 bed (category Beds), a R3,000 mattress (Mattresses), a R1,200 mattress. */
let bed: { productId: number; variantId: number };
let mattress: { productId: number; variantId: number };
let topper: { productId: number; variantId: number };
let actor: { id: string; email: string };
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "promotion-rules-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  const [row] = await db()
    .insert(categories)
    .values({ slug: "mattresses", name: "Mattresses" })
    .returning();
  mattressesId = row!.id;
  const inMattresses = { ...shop, categoryId: mattressesId };
  bed = await addVariant(shop, { priceCents: 200_000, stock: 100 });
  mattress = await addVariant(inMattresses, { priceCents: 300_000, stock: 100 });
  topper = await addVariant(inMattresses, { priceCents: 120_000, stock: 100 });
  const { user } = await signedIn("staff");
  actor = { id: user.id, email: user.email };
});

afterAll(async () => {
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const line = (v: { variantId: number }, quantity = 1) => ({ variantId: v.variantId, quantity });

async function limitTo(
  promotionId: number,
  options: { categoryIds?: number[]; productIds?: number[] },
) {
  for (const categoryId of options.categoryIds ?? []) {
    await db().insert(promotionCategories).values({ promotionId, categoryId });
  }
  for (const productId of options.productIds ?? []) {
    await db().insert(promotionProducts).values({ promotionId, productId });
  }
}

const quote = (lines: { variantId: number; quantity: number }[], promoCode: string) =>
  quoteCheckout({ lines, deliveryMethod: "standard", promoCode });

describe("a promotion's rules at checkout", () => {
  it("says how far a cart is below the minimum spend, and takes the code once it is not", async () => {
    await addPromotion({
      code: "SAVE500",
      kind: "fixed",
      value: 50_000,
      minSubtotalCents: 500_000,
    });
    const message =
      "SAVE500 needs a spend of R5,000.00 on goods; your cart is R3,200.00 (R1,800.00 short).";
    const short = [line(bed), line(topper)];
    const refused = await quote(short, "SAVE500");
    expect(refused.promoMessage).toBe(message);
    expect(refused.totals.discountCents).toBe(0);
    await refusedWith(placeOrder(checkout(short, { promoCode: "SAVE500" })), message);

    const enough = [line(bed), line(mattress)];
    const taken = await quote(enough, "SAVE500");
    expect(taken.promoMessage).toBeNull();
    expect(taken.totals.discountCents).toBe(50_000);
    const { order } = await placeOrder(checkout(enough, { promoCode: "SAVE500" }));
    expect(order.discountCents).toBe(50_000);
  });

  it("applies a category's promotion to its lines only, and says when nothing qualifies", async () => {
    const spring = await addPromotion({ code: "SPRING15", kind: "percentage", value: 15 });
    await limitTo(spring.id, { categoryIds: [mattressesId] });
    const message = "SPRING15 applies to Mattresses only; nothing in your cart qualifies.";
    expect((await quote([line(bed)], "SPRING15")).promoMessage).toBe(message);
    await refusedWith(placeOrder(checkout([line(bed)], { promoCode: "SPRING15" })), message);

    // 15% of the mattress (R3,000), not of the bed: R450.
    const mixed = [line(bed), line(mattress)];
    expect((await quote(mixed, "SPRING15")).totals.discountCents).toBe(45_000);
    const { order } = await placeOrder(checkout(mixed, { promoCode: "SPRING15" }));
    expect(order).toMatchObject({ subtotalCents: 500_000, discountCents: 45_000 });
  });

  it("caps a fixed amount at the qualifying lines, and counts the minimum on them", async () => {
    const big = await addPromotion({
      code: "TOPPERS",
      kind: "fixed",
      value: 500_000,
      minSubtotalCents: 250_000,
    });
    await limitTo(big.id, { productIds: [topper.productId] });
    const title = await titleOf(topper.productId);
    // The cart is R3,200, but only the topper's R1,200 counts towards the minimum.
    expect((await quote([line(bed), line(topper)], "TOPPERS")).promoMessage).toBe(
      `TOPPERS needs a spend of R2,500.00 on ${title}; those items in your cart come to R1,200.00 (R1,300.00 short).`,
    );
    // R5,000 off, capped at the three toppers' R3,600 (not the R5,600 subtotal).
    const { order } = await placeOrder(
      checkout([line(bed), line(topper, 3)], { promoCode: "TOPPERS" }),
    );
    expect(order).toMatchObject({ subtotalCents: 560_000, discountCents: 360_000 });
  });
});

describe("one use per customer", () => {
  it("refuses the same account's second use, and gives the use back when the order is cancelled", async () => {
    await addPromotion({ code: "WELCOME10", oncePerCustomer: true });
    const lerato = await shopperAccount("Lerato@Example.com");
    const sipho = await shopperAccount("sipho@example.com");
    const first = await placeOrder(
      checkout([line(bed)], {
        promoCode: "WELCOME10",
        email: "Lerato@Example.com",
        signedInUserId: lerato.id,
      }),
    );
    const message = "You have already used WELCOME10 (one use per customer).";
    // Counted against the account's own address, whatever address the order is sent to.
    await refusedWith(
      placeOrder(
        checkout([line(bed)], {
          promoCode: "WELCOME10",
          email: "someone-else@example.com",
          signedInUserId: lerato.id,
        }),
      ),
      message,
    );
    // Another shopper may use it.
    await placeOrder(
      checkout([line(bed)], {
        promoCode: "WELCOME10",
        email: "sipho@example.com",
        signedInUserId: sipho.id,
      }),
    );

    await cancelOrder({ orderId: first.order.id, actor });
    const again = await placeOrder(
      checkout([line(bed)], {
        promoCode: "WELCOME10",
        email: "lerato@example.com",
        signedInUserId: lerato.id,
      }),
    );
    expect(again.order.discountCents).toBe(20_000);
  });

  it("tells a guest to sign in whatever the address, so no one learns who has used it", async () => {
    await addPromotion({ code: "ONEEACH", oncePerCustomer: true });
    const thandi = await shopperAccount("thandi@example.com");
    await placeOrder(
      checkout([line(bed)], {
        promoCode: "ONEEACH",
        email: "thandi@example.com",
        signedInUserId: thandi.id,
      }),
    );
    const signIn = "Sign in to use ONEEACH: it is for one use per customer.";
    // The same answer for the address that used it and for one that never did.
    for (const email of ["thandi@example.com", "thandi+1@example.com", "new-here@example.com"]) {
      await refusedWith(placeOrder(checkout([line(bed)], { promoCode: "ONEEACH", email })), signIn);
    }
    // An account whose address is not confirmed yet cannot claim it either.
    const unconfirmed = await shopperAccount("unconfirmed@example.com", { confirmed: false });
    await refusedWith(
      placeOrder(
        checkout([line(bed)], {
          promoCode: "ONEEACH",
          email: "unconfirmed@example.com",
          signedInUserId: unconfirmed.id,
        }),
      ),
      "Confirm your e-mail address to use ONEEACH: it is for one use per customer. The link is in the e-mail we sent when you signed up.",
    );
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "ONEEACH"));
    expect(row!.usedCount).toBe(1);
  });

  it("gives the use back when an unpaid order expires", async () => {
    await addPromotion({ code: "ONCEONLY", oncePerCustomer: true });
    const email = "expiring@example.com";
    const { id } = await shopperAccount(email);
    const { order } = await placeOrder(
      checkout([line(bed)], { promoCode: "ONCEONLY", email, signedInUserId: id }),
    );
    expect(await heldBy(order.id)).toBe(true);
    await expireUnpaidOrders(new Date(order.payBy.getTime() + 1_000));
    expect(await heldBy(order.id)).toBe(false);
    await placeOrder(checkout([line(bed)], { promoCode: "ONCEONLY", email, signedInUserId: id }));
  });

  it("counts orders placed before staff switched the rule on", async () => {
    const late = await addPromotion({ code: "LATERULE" });
    const email = "early@example.com";
    await placeOrder(checkout([line(bed)], { promoCode: "LATERULE", email }));
    await placeOrder(checkout([line(bed)], { promoCode: "LATERULE", email }));
    await db().update(promotions).set({ oncePerCustomer: true }).where(eq(promotions.id, late.id));
    const { id } = await shopperAccount(email);
    await refusedWith(
      placeOrder(checkout([line(bed)], { promoCode: "LATERULE", email, signedInUserId: id })),
      "You have already used LATERULE (one use per customer).",
    );
  });

  it("lets exactly one of several checkouts at once use it", async () => {
    await addPromotion({ code: "RUSHONCE", oncePerCustomer: true });
    const { id } = await shopperAccount("rush@example.com");
    const rush = await Promise.allSettled(
      ["rush@example.com", "RUSH@example.com", "other@example.com", "rush@example.com "].map(
        (email) =>
          placeOrder(checkout([line(bed)], { promoCode: "RUSHONCE", email, signedInUserId: id })),
      ),
    );
    expect(rush.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of rush.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PromotionError);
      expect((r as PromiseRejectedResult).reason.message).toBe(
        "You have already used RUSHONCE (one use per customer).",
      );
    }
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "RUSHONCE"));
    // The refused checkouts counted no use.
    expect(row!.usedCount).toBe(1);
  });
});

describe("placing the order after the summary accepted the code", () => {
  it("refuses with 409 and the reason at the code field when the cart or the e-mail changed", async () => {
    await addPromotion({
      code: "BIGCART",
      kind: "fixed",
      value: 10_000,
      minSubtotalCents: 400_000,
    });
    // The summary took it for a bed and a mattress; the order comes with the bed only.
    expect((await quote([line(bed), line(mattress)], "BIGCART")).promoMessage).toBeNull();
    const answer = await submitCheckoutForm(checkoutForm([line(bed)], { promoCode: "bigcart" }));
    expect(answer.status).toBe(409);
    expect(refusal(answer.body).fieldErrors.promoCode).toBe(
      "BIGCART needs a spend of R4,000.00 on goods; your cart is R2,000.00 (R2,000.00 short).",
    );
    // What was typed is kept.
    expect(refusal(answer.body).values.email).toBe("naledi@example.com");

    await addPromotion({ code: "FIRSTBUY", oncePerCustomer: true });
    const zanele = await shopperAccount("zanele@example.com");
    const signedInForm = (email: string) => {
      const request = checkoutForm([line(bed)], { promoCode: "FIRSTBUY", email });
      request.headers.set("cookie", zanele.cookie);
      return request;
    };
    const placed = await submitCheckoutForm(signedInForm("zanele@example.com"));
    expect(placed.location).toBeTruthy();
    const again = await submitCheckoutForm(signedInForm("Zanele@example.com"));
    expect(again.status).toBe(409);
    expect(refusal(again.body).fieldErrors.promoCode).toBe(
      "You have already used FIRSTBUY (one use per customer).",
    );
  });
});

async function titleOf(productId: number) {
  const [row] = await db()
    .select({ title: products.title })
    .from(products)
    .where(eq(products.id, productId));
  return row!.title;
}

async function heldBy(orderId: number) {
  const rows = await db()
    .select()
    .from(promotionRedemptions)
    .where(eq(promotionRedemptions.orderId, orderId));
  return rows.length > 0;
}

/** A refused form's answer: its messages by field and what was typed. */
function refusal(body: FormActionResult | null) {
  if (!body || body.ok) throw new Error("The form was not refused.");
  return body;
}
