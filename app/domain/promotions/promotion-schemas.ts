import { z } from "zod";
import { MAX_DB_INTEGER } from "~/lib/db-ids";
import { isCalendarDay } from "~/lib/dates";
import { amountAt } from "~/lib/amount-field";
import { REQUIRED_MESSAGE } from "~/lib/forms";
import { PROMOTION_KINDS } from "./promotion-value";

export const PROMOTION_CODE_MAX = 30;
export const PROMOTION_DESCRIPTION_MAX = 200;

export const CODE_CHARACTERS_MESSAGE = "Use letters A to Z and digits only, with no spaces.";
export const CODE_LENGTH_MESSAGE = `A code is at most ${PROMOTION_CODE_MAX} characters.`;
export const KIND_MESSAGE = "Choose a percentage or a fixed amount.";
export const PERCENTAGE_MESSAGE = "A percentage is a whole number from 1 to 100.";
export const USAGE_LIMIT_MESSAGE =
  "Enter a whole number of uses (1 or more), or leave it empty for no limit.";
export const DATE_MESSAGE = "Enter a date such as 2026-12-31.";
export const END_BEFORE_START_MESSAGE = "The end date must be on or after the start date.";
export const GOODS_LIMIT_MAX = 50;
export const GOODS_MESSAGE = "Choose from the list offered.";
export const GOODS_TOO_MANY_MESSAGE = `Choose at most ${GOODS_LIMIT_MAX}.`;

/** A form value as trimmed text ("" for a missing field). */
const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

/**
 * The Create Promotion and Edit Promotion dialogs' fields, checked in the browser and again in
 * the action. The code is kept in upper case (shoppers may type it in any case); the value is
 * a whole percent, or Rand turned into cents; dates are shop days, both included. Every
 * field's message shows at once, so all are checked in the one transform.
 */
export const promotionSchema = z
  .object({
    code: formText,
    kind: formText,
    description: formText,
    value: formText,
    usageLimit: formText,
    startDate: formText,
    endDate: formText,
    active: formText,
    minSpend: formText,
    oncePerCustomer: formText,
    categoryIds: formText,
    productIds: formText,
  })
  .transform((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });

    const code = input.code.toUpperCase();
    if (!code) issue("code", REQUIRED_MESSAGE);
    else if (code.length > PROMOTION_CODE_MAX) issue("code", CODE_LENGTH_MESSAGE);
    else if (!/^[A-Z0-9]+$/.test(code)) issue("code", CODE_CHARACTERS_MESSAGE);

    const kind = PROMOTION_KINDS.find((k) => k === input.kind);
    if (!kind) issue("kind", KIND_MESSAGE);

    if (input.description.length > PROMOTION_DESCRIPTION_MAX) {
      issue("description", "This is too long.");
    }

    let value: number | null = null;
    if (!input.value) issue("value", REQUIRED_MESSAGE);
    else if (kind === "percentage") {
      value = parsePercent(input.value);
      if (value === null) issue("value", PERCENTAGE_MESSAGE);
    } else if (kind === "fixed") value = amountAt(ctx, "value", input.value, { min: 1 });

    const usageLimit = input.usageLimit ? parseUsageLimit(input.usageLimit) : null;
    if (input.usageLimit && usageLimit === null) issue("usageLimit", USAGE_LIMIT_MESSAGE);

    const startDate = input.startDate || null;
    const endDate = input.endDate || null;
    if (startDate && !isCalendarDay(startDate)) issue("startDate", DATE_MESSAGE);
    if (endDate && !isCalendarDay(endDate)) issue("endDate", DATE_MESSAGE);
    else if (startDate && endDate && isCalendarDay(startDate) && endDate < startDate) {
      issue("endDate", END_BEFORE_START_MESSAGE);
    }

    if (input.active !== "" && input.active !== "on") issue("active", "Switch it on or off.");

    const minSpendCents = amountAt(ctx, "minSpend", input.minSpend) ?? 0;
    if (input.oncePerCustomer !== "" && input.oncePerCustomer !== "on") {
      issue("oncePerCustomer", "Switch it on or off.");
    }
    const categoryIds = readIds(input.categoryIds);
    if (typeof categoryIds === "string") issue("categoryIds", categoryIds);
    const productIds = readIds(input.productIds);
    if (typeof productIds === "string") issue("productIds", productIds);

    return {
      code,
      kind: kind ?? "percentage",
      description: input.description,
      /** Percent for a percentage, cents for a fixed amount. */
      value: value ?? 0,
      /** Null: no limit. */
      usageLimit,
      /** Shop days (YYYY-MM-DD), both included; null: from any time, or no end. */
      startDate,
      endDate,
      active: input.active === "on",
      /** The least the qualifying goods must come to, in cents; 0: no minimum. */
      minSpendCents,
      oncePerCustomer: input.oncePerCustomer === "on",
      /** The goods it is limited to (either list qualifies a line); both empty: the whole cart. */
      categoryIds: Array.isArray(categoryIds) ? categoryIds : [],
      productIds: Array.isArray(productIds) ? productIds : [],
    };
  });
export type PromotionInput = z.output<typeof promotionSchema>;

/** A whole percent from 1 to 100; null otherwise. */
function parsePercent(text: string): number | null {
  if (!/^\d{1,3}$/.test(text)) return null;
  const percent = Number(text);
  return percent >= 1 && percent <= 100 ? percent : null;
}

/** Whole uses from 1 up to what the table holds; null otherwise. */
function parseUsageLimit(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const limit = Number(text);
  return limit >= 1 && limit <= MAX_DB_INTEGER ? limit : null;
}

/** "3,12" (the picker's hidden field) as distinct ids, or the message for the field. */
function readIds(text: string): number[] | string {
  if (!text) return [];
  const parts = text.split(",").map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,10}$/.test(p) && Number(p) >= 1 && Number(p) <= MAX_DB_INTEGER)) {
    return GOODS_MESSAGE;
  }
  const ids = [...new Set(parts.map(Number))];
  return ids.length > GOODS_LIMIT_MAX ? GOODS_TOO_MANY_MESSAGE : ids;
}
