import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { PromotionError } from "~/domain/orders/promotions.server";
import { signedIn } from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { addVariant, type setUpShop } from "../orders/fixtures";

type Shop = Awaited<ReturnType<typeof setUpShop>>;

/** Expects the work to be refused at the code field with this message, as a conflict (409). */
export async function refusedWith(work: Promise<unknown>, message: string) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PromotionError);
  expect((error as PromotionError).message).toBe(message);
  expect((error as PromotionError).kind).toBe("conflict");
  expect((error as PromotionError).field).toBe("promoCode");
}

/**
 * A paid order of a mattress (position 0, in `mattresses`' category) and a R1,000 pillow
 * (position 1, in the shop's), with the promotion code given.
 */
export async function paidMattressAndPillow(options: {
  shop: Shop;
  mattresses?: Shop;
  mattressCents: number;
  promoCode: string;
}) {
  const { shop } = options;
  const mattress = await addVariant(options.mattresses ?? shop, {
    priceCents: options.mattressCents,
    stock: 5,
  });
  const pillow = await addVariant(shop, { priceCents: 100_000, stock: 5 });
  const { order } = await paidOrder(shop, {
    priceCents: 1,
    overrides: {
      promoCode: options.promoCode,
      lines: [
        { variantId: mattress.variantId, quantity: 1 },
        { variantId: pillow.variantId, quantity: 1 },
      ],
    },
  });
  return order;
}

/** A refund of one unit of the invoice line at `position`, through the provider. */
export const refundOne = (position: number, restock = true): RefundInput => ({
  lines: [{ position, quantity: 1 }],
  amountCents: null,
  reason: "Returned within 7 days",
  method: "provider",
  eftReference: "",
  restock,
});

/**
 * A shopper's account for this address, signed in, its address confirmed unless told: a code
 * for one use per customer is used by such an account only (docs/decisions/042).
 */
export async function shopperAccount(email: string, options: { confirmed?: boolean } = {}) {
  const signed = await signedIn("customer", email.toLowerCase());
  if (options.confirmed !== false) {
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, signed.user.id));
  }
  return { id: signed.user.id, cookie: signed.cookie };
}
