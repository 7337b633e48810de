import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import type { CheckoutQuote } from "~/domain/orders/quote.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { PromotionError } from "~/domain/orders/promotions.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { promotionSchema } from "~/domain/promotions/promotion-schemas";
import {
  createPromotion,
  setPromotionActive,
  updatePromotion,
} from "~/domain/promotions/promotions.server";
import { shopToday, addDays } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import * as checkoutQuote from "~/routes/api/checkout-quote";
import { useTestDatabase } from "../../setup/database";
import { routeOutcome, shopRequest, signedIn } from "../admin/helpers";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";

useTestDatabase();

let actor: { id: string; email: string };
let variantId: number;
beforeAll(async () => {
  const shop = await setUpShop();
  variantId = (await addVariant(shop, { priceCents: 500_000, stock: 20 })).variantId;
  const { user } = await signedIn("staff");
  actor = { id: user.id, email: user.email };
});

const FORM = {
  code: "NIGHTOWL",
  kind: "fixed",
  description: "R500 off",
  value: "500",
  usageLimit: "",
  startDate: "",
  endDate: "",
  active: "on",
};
const input = (fields: Partial<typeof FORM> = {}) => {
  const parsed = parseForm(promotionSchema, { ...FORM, ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
};

const quote = (promoCode: string) =>
  quoteCheckout({ lines: [{ variantId, quantity: 1 }], deliveryMethod: "standard", promoCode });

/** The checkout page's own request for its summary, through the endpoint it calls. */
async function quoteOverHttp(promoCode: string) {
  const { returned } = await routeOutcome(
    checkoutQuote.action,
    shopRequest("/api/checkout-quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        lines: [{ variantId, quantity: 1 }],
        deliveryMethod: "standard",
        promoCode,
      }),
    }),
    {},
  );
  const response = returned as Response;
  expect(response.headers.get("cache-control")).toBe("no-store");
  return (await response.json()) as CheckoutQuote;
}

describe("a promotion's changes at checkout", () => {
  it("is refused by the very next quote and order once deactivated, and taken again once activated", async () => {
    const promotion = await createPromotion({ input: input(), actor });
    const before = await quoteOverHttp("nightowl");
    expect(before.promotion).toEqual({ code: "NIGHTOWL", description: "R500 off" });
    expect(before.totals.discountCents).toBe(50_000);
    const { order: placedBefore } = await placeOrder(
      checkout([{ variantId, quantity: 1 }], { promoCode: "NIGHTOWL" }),
    );
    expect(placedBefore.discountCents).toBe(50_000);

    await setPromotionActive({ id: promotion.id, active: false, actor });

    for (const refused of [await quote("NIGHTOWL"), await quoteOverHttp("nightowl")]) {
      expect(refused.promotion).toBeNull();
      expect(refused.promoMessage).toBe("The code NIGHTOWL is no longer active.");
      expect(refused.totals.discountCents).toBe(0);
    }
    const attempt = placeOrder(checkout([{ variantId, quantity: 1 }], { promoCode: "NIGHTOWL" }));
    await expect(attempt).rejects.toBeInstanceOf(PromotionError);
    await expect(attempt).rejects.toThrow("The code NIGHTOWL is no longer active.");
    // The order placed before keeps its discount.
    const [kept] = await db().select().from(orders).where(eq(orders.id, placedBefore.id));
    expect(kept!.discountCents).toBe(50_000);

    await setPromotionActive({ id: promotion.id, active: true, actor });
    expect((await quote("NIGHTOWL")).totals.discountCents).toBe(50_000);
  });

  it("follows a change of dates or value at once", async () => {
    const promotion = await createPromotion({ input: input({ code: "DATED" }), actor });
    const today = shopToday();
    await updatePromotion({
      id: promotion.id,
      input: input({ code: "DATED", endDate: addDays(today, -1) }),
      actor,
    });
    expect((await quote("DATED")).promoMessage).toBe("The code DATED has expired.");
    await updatePromotion({
      id: promotion.id,
      input: input({ code: "DATED", startDate: addDays(today, 1) }),
      actor,
    });
    expect((await quote("DATED")).promoMessage).toBe("The code DATED cannot be used yet.");
    await updatePromotion({
      id: promotion.id,
      input: input({
        code: "DATED",
        kind: "percentage",
        value: "10",
        startDate: today,
        endDate: today,
      }),
      actor,
    });
    const running = await quote("DATED");
    expect(running.promoMessage).toBeNull();
    expect(running.totals.discountCents).toBe(50_000); // 10% of R5,000
  });
});
