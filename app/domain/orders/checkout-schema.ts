import { z } from "zod";
import { MAX_LINE_QUANTITY, MAX_PRICED_LINES } from "~/domain/cart/cart-lines";
import { LAYBY_MAX_MONTHS } from "~/domain/layby/limits";
import { addressFields } from "~/domain/addresses/address-schema";
import { dbIdSchema } from "~/lib/db-ids";
import { readAmount } from "~/lib/amount-field";
import { emailField, textField } from "~/lib/forms";
import { parseAmount } from "~/lib/money";
import { parseVatNumber, VAT_NUMBER_MESSAGE } from "~/lib/vat-number";
import type { AddOnChoice } from "./add-ons";

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

export const ADD_ON_MESSAGE = "Tick the box to add it, or leave it empty.";

/** A delivery add-on's box: ticked ("on") or left out; anything else is refused. */
const addOnBox = z
  .string()
  .optional()
  .refine((v) => v === undefined || v === "" || v === "on", ADD_ON_MESSAGE)
  .transform((v) => v === "on");

export const LAYBY_MONTHS_MESSAGE = `Choose 1 to ${LAYBY_MAX_MONTHS} months.`;
export const LAYBY_DEPOSIT_MESSAGE = "Write the deposit in Rand, for example 600 or 650,50.";
export const LAYBY_PAYFLEX_MESSAGE = "A lay-by is paid by card or PayFast, not PayFlex.";

/**
 * Optional, for a business buying above R5,000: its name and VAT number are printed on the full
 * tax invoice (VAT Act s20(4)). The VAT number is kept as its ten digits.
 */
const buyerCompanyFields = {
  companyName: textField({ max: 120 }),
  vatNumber: z
    .string()
    .max(40, VAT_NUMBER_MESSAGE)
    .default("")
    .transform((text, ctx) => {
      if (!text.trim()) return "";
      const digits = parseVatNumber(text);
      if (digits === null) ctx.addIssue({ code: "custom", message: VAT_NUMBER_MESSAGE });
      return digits ?? "";
    }),
};

/**
 * The checkout form, checked in the browser and again by the server, in the specification's
 * order: required fields ("Missing Information"), then the e-mail ("Invalid Email"). The delivery
 * address is the shared South African one (app/domain/addresses). A lay-by
 * (plan "layby") needs its months and deposit; whether they make a plan for this order's total
 * and the shop's smallest deposit is checkLaybyTerms's to say, in the browser and the server.
 */
export const checkoutSchema = z
  .object({
    firstName: textField({ required: true, max: 80 }),
    lastName: textField({ required: true, max: 80 }),
    email: emailField(),
    phone: textField({ required: true, max: 40 }),
    ...buyerCompanyFields,
    ...addressFields,
    deliveryMethod: z.enum(["standard", "express"], { message: "Choose a delivery option." }),
    /** Delivery add-ons (docs/decisions/046): priced by the server at the shop's fees. */
    removal: addOnBox,
    assembly: addOnBox,
    paymentMethod: z.enum(["card", "payfast", "payflex"], { message: "Choose a payment method." }),
    /** "YYYY-MM-DD", one of the days offered for the address's zone; checked when booked. */
    deliveryDay: z
      .string()
      .trim()
      .max(20, "Please choose one of the delivery days offered.")
      .default(""),
    plan: z
      .enum(["full", "layby"], { message: "Choose to pay in full or by lay-by." })
      .default("full"),
    laybyMonths: z.string().max(10, LAYBY_MONTHS_MESSAGE).default(""),
    laybyDeposit: z.string().max(20, LAYBY_DEPOSIT_MESSAGE).default(""),
    promoCode: promoCodeField,
    terms: z.literal("on", { message: TERMS_MESSAGE }),
    lines: linesField,
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, "This checkout page has expired. Please reload it."),
  })
  .superRefine((input, ctx) => {
    if (input.plan !== "layby") return;
    if (laybyMonthsOf(input.laybyMonths) === null) {
      ctx.addIssue({ code: "custom", path: ["laybyMonths"], message: LAYBY_MONTHS_MESSAGE });
    }
    const deposit = readAmount(input.laybyDeposit, { required: LAYBY_DEPOSIT_MESSAGE });
    if (deposit.message !== undefined) {
      ctx.addIssue({ code: "custom", path: ["laybyDeposit"], message: deposit.message });
    }
    if (input.paymentMethod === "payflex") {
      ctx.addIssue({ code: "custom", path: ["paymentMethod"], message: LAYBY_PAYFLEX_MESSAGE });
    }
  })
  .transform(({ plan, laybyMonths, laybyDeposit, removal, assembly, ...rest }) => ({
    ...rest,
    addOns: { removal, assembly } satisfies AddOnChoice,
    /** The lay-by's terms as the shopper chose them; null to pay in full. */
    layby:
      plan === "layby"
        ? { months: laybyMonthsOf(laybyMonths)!, depositCents: parseAmount(laybyDeposit)! }
        : null,
  }));

/** "1".."6" as a number of months; null for anything else. */
export function laybyMonthsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d$/.test(trimmed)) return null;
  const months = Number(trimmed);
  return months >= 1 && months <= LAYBY_MAX_MONTHS ? months : null;
}

export type CheckoutInput = z.output<typeof checkoutSchema>;

/**
 * Asking for a price: the cart, the delivery option, perhaps a promotion code, and the address
 * as far as it is typed (its postal code, town and province choose the delivery zone).
 */
export const quoteSchema = z
  .object({
    lines: linesField,
    deliveryMethod: z.enum(["standard", "express"]).default("standard"),
    removal: z.boolean().default(false),
    assembly: z.boolean().default(false),
    promoCode: promoCodeField,
    postal: z.string().trim().max(20).default(""),
    city: z.string().trim().max(100).default(""),
    province: z.string().trim().max(40).default(""),
  })
  .transform(({ postal, city, province, removal, assembly, ...rest }) => ({
    ...rest,
    addOns: { removal, assembly } satisfies AddOnChoice,
    address: deliveryAddressOf({ postal, city, province }),
  }));

/** The checkout's address fields as the delivery zones read them. */
export function deliveryAddressOf(input: { postal: string; city: string; province?: string }) {
  return { postalCode: input.postal, town: input.city, province: input.province ?? "" };
}
