import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { categories, promotionCategories, users } from "~/db/schema";
import { placeOrder } from "~/domain/orders/place-order.server";
import type { CheckoutQuote } from "~/domain/orders/quote.server";
import * as checkoutQuote from "~/routes/api/checkout-quote";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { addPromotion, addVariant, checkout, setUpShop } from "../orders/fixtures";
import { refusedWith, shopperAccount } from "./promotion-fixtures";

/*
 * The checkout summary's Apply (POST /api/checkout-quote with the code) judges a code by every
 * rule placing the order judges it by (docs/decisions/042): minimum spend, the goods it is for,
 * and one use per customer (a guest is asked to sign in; a signed-in shopper's use is counted
 * against their account's confirmed address). The summary asks again whenever the cart changes,
 * so a code that no longer applies shows as not applied, with the reason.
 */
useTestDatabase();

let bed: number;
let mattress: number;
let dataDir: string;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "apply-code-"));
  process.env.DATA_DIR = dataDir;
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  const shop = await setUpShop();
  const [row] = await db()
    .insert(categories)
    .values({ slug: "mattresses", name: "Mattresses" })
    .returning();
  bed = (await addVariant(shop, { priceCents: 200_000, stock: 100 })).variantId;
  mattress = (
    await addVariant({ ...shop, categoryId: row!.id }, { priceCents: 300_000, stock: 100 })
  ).variantId;
  await addPromotion({ code: "DEC300", kind: "fixed", value: 30_000, oncePerCustomer: true });
  await addPromotion({ code: "SAVE500", kind: "fixed", value: 50_000, minSubtotalCents: 450_000 });
  const sleep = await addPromotion({ code: "SLEEP15", kind: "percentage", value: 15 });
  await db().insert(promotionCategories).values({ promotionId: sleep.id, categoryId: row!.id });
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.SMTP_URL;
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Lines = { variantId: number; quantity: number }[];

/** The summary's answer when the shopper applies `promoCode` to these lines. */
async function apply(promoCode: string, lines: Lines, cookie?: string) {
  const { returned, thrown } = await routeOutcome(
    checkoutQuote.action,
    shopRequest("/api/checkout-quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ lines, deliveryMethod: "standard", promoCode }),
      cookie,
    }),
    {},
  );
  const response = (returned ?? thrown) as Response;
  expect(statusOf(response)).toBe(200);
  return (await response.json()) as CheckoutQuote;
}

const one = (variantId: number, quantity = 1) => [{ variantId, quantity }];
const applied = (quote: CheckoutQuote) => ({
  code: quote.promotion?.code ?? null,
  message: quote.promoMessage,
  discountCents: quote.totals.discountCents,
});

describe("a code for one use per customer, at Apply", () => {
  const signIn = "Sign in to use DEC300: it is for one use per customer.";

  it("asks a guest to sign in, in the very words placing the order uses", async () => {
    expect(applied(await apply("dec300", one(bed)))).toEqual({
      code: null,
      message: signIn,
      discountCents: 0,
    });
    await refusedWith(placeOrder(checkout(one(bed), { promoCode: "DEC300" })), signIn);
  });

  it("is applied for a signed-in shopper who has not used it, and refused once they have", async () => {
    const lerato = await shopperAccount("lerato.apply@example.com");
    expect(applied(await apply("DEC300", one(bed), lerato.cookie))).toEqual({
      code: "DEC300",
      message: null,
      discountCents: 30_000,
    });
    await placeOrder(
      checkout(one(bed), {
        promoCode: "DEC300",
        email: "lerato.apply@example.com",
        signedInUserId: lerato.id,
      }),
    );
    expect(applied(await apply("DEC300", one(bed), lerato.cookie))).toEqual({
      code: null,
      message: "You have already used DEC300 (one use per customer).",
      discountCents: 0,
    });
  });

  it("asks an account whose address is not confirmed to confirm it", async () => {
    const unconfirmed = await shopperAccount("new.apply@example.com", { confirmed: false });
    expect((await apply("DEC300", one(bed), unconfirmed.cookie)).promoMessage).toBe(
      "Confirm your e-mail address to use DEC300: it is for one use per customer. The link is in the e-mail we sent when you signed up.",
    );
  });

  it("answers staff and the owner as any account: by their own confirmed address", async () => {
    for (const role of ["staff", "owner"] as const) {
      const account = await signedIn(role);
      await db().update(users).set({ emailVerified: true }).where(eq(users.id, account.user.id));
      expect(applied(await apply("DEC300", one(bed), account.cookie)).code).toBe("DEC300");
    }
  });
});

describe("a code's other rules, at Apply and when the cart changes", () => {
  it("says how far the cart is below the minimum spend, takes the code once it is not, and lets it go when the cart shrinks", async () => {
    const short = await apply("SAVE500", one(bed));
    expect(applied(short)).toEqual({
      code: null,
      message:
        "SAVE500 needs a spend of R4,500.00 on goods; your cart is R2,000.00 (R2,500.00 short).",
      discountCents: 0,
    });
    const grown = await apply("SAVE500", [...one(bed), ...one(mattress)]);
    expect(applied(grown)).toEqual({ code: "SAVE500", message: null, discountCents: 50_000 });
    // The mattress taken out again: no longer applied, and why.
    expect(applied(await apply("SAVE500", one(bed)))).toEqual(applied(short));
  });

  it("says when nothing in the cart is what the code is for", async () => {
    expect(applied(await apply("SLEEP15", one(bed)))).toEqual({
      code: null,
      message: "SLEEP15 applies to Mattresses only; nothing in your cart qualifies.",
      discountCents: 0,
    });
    expect(applied(await apply("SLEEP15", [...one(bed), ...one(mattress)]))).toEqual({
      code: "SLEEP15",
      message: null,
      discountCents: 45_000,
    });
  });
});
