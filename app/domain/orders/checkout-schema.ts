import { z } from "zod";
import { MAX_LINE_QUANTITY, MAX_PRICED_LINES } from "~/domain/cart/cart-lines";
import { dbIdSchema } from "~/lib/db-ids";
import { emailField, textField } from "~/lib/forms";

export const TERMS_MESSAGE = "Please accept the terms and conditions and the privacy policy.";
export const PROMO_CODE_MAX = 40;

/** What the browser sends of its cart: only which variants and how many. */
export const checkoutLinesSchema = z
  .array(
    z.object({
      variantId: dbIdSchema("That is not an item of the shop."),
      quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
    }),
  )
  .min(1, "Your cart is empty.")
  .max(MAX_PRICED_LINES, "Too many different items for one order.");

const linesField = z.string().transform((raw, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const result = checkoutLinesSchema.safeParse(parsed);
  if (!result.success) {
    ctx.addIssue({
      code: "custom",
      message: result.error.issues[0]?.message ?? "Your cart is empty.",
    });
    return z.NEVER;
  }
  return result.data;
});

export const promoCodeField = z
  .string()
  .trim()
  .max(PROMO_CODE_MAX, "That code is too long.")
  .transform((v) => v.toUpperCase())
  .default("");

/**
 * The checkout form, checked in the browser and again by the server, in the specification's
 * order: required fields ("Missing Information"), then the e-mail ("Invalid Email").
 */
export const checkoutSchema = z.object({
  firstName: textField({ required: true, max: 80 }),
  lastName: textField({ required: true, max: 80 }),
  email: emailField(),
  phone: textField({ required: true, max: 40 }),
  address: textField({ required: true, max: 300 }),
  city: textField({ required: true, max: 100 }),
  postal: textField({ required: true, max: 20 }),
  deliveryMethod: z.enum(["standard", "express"], { message: "Choose a delivery option." }),
  paymentMethod: z.enum(["card", "payfast", "payflex"], { message: "Choose a payment method." }),
  promoCode: promoCodeField,
  terms: z.literal("on", { message: TERMS_MESSAGE }),
  lines: linesField,
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, "This checkout page has expired. Please reload it."),
});

export type CheckoutInput = z.output<typeof checkoutSchema>;

/** Asking for a price: the cart, the delivery option and perhaps a promotion code. */
export const quoteSchema = z.object({
  lines: linesField,
  deliveryMethod: z.enum(["standard", "express"]).default("standard"),
  promoCode: promoCodeField,
});
