import { z } from "zod";
import { AMOUNT_MESSAGE, formatMoney, parseAmount } from "./money";

/** Far above any price the shop takes, and within the database's integers: R9,999,999.99. */
export const MAX_AMOUNT_CENTS = 999_999_999;

export type AmountRules = {
  /** The message for an empty field; without it, an empty field is null. */
  required?: string;
  /** The smallest amount in cents (default 0: no negative amounts), and its message. */
  min?: number;
  minMessage?: string;
  /** The largest amount in cents (default `MAX_AMOUNT_CENTS`). */
  max?: number;
};

/**
 * A money field's text to cents by the one parser (`parseAmount`) and the field's rules, or
 * the message to show by the field. A field of its own uses `amountField`; a table's rows,
 * read in their form's own transform, use `amountAt`.
 */
export function readAmount(
  text: string,
  rules: AmountRules = {},
): { cents: number | null; message?: undefined } | { message: string } {
  const { required, min = 0, max = MAX_AMOUNT_CENTS } = rules;
  if (text.trim() === "") return required ? { message: required } : { cents: null };
  const cents = parseAmount(text);
  if (cents === null) return { message: AMOUNT_MESSAGE };
  if (cents < min) return { message: rules.minMessage ?? minimumMessage(min) };
  if (cents > max) return { message: `Enter at most ${formatMoney(max, { cents: true })}.` };
  return { cents };
}

function minimumMessage(min: number) {
  if (min === 0) return "An amount cannot be negative.";
  if (min === 1) return "Enter an amount above zero.";
  return `Enter at least ${formatMoney(min, { cents: true })}.`;
}

/** `readAmount` inside a form's own transform: the cents, or null with the message at `path`. */
export function amountAt(
  ctx: z.RefinementCtx,
  path: string,
  text: string,
  rules: AmountRules = {},
): number | null {
  const read = readAmount(text, rules);
  if (read.message === undefined) return read.cents;
  ctx.addIssue({ code: "custom", path: [path], message: read.message });
  return null;
}

/** A money field of a schema: its cents (null when empty and not required), by `readAmount`. */
export function amountField(rules: AmountRules & { required: string }): z.ZodType<number, unknown>;
export function amountField(rules?: AmountRules): z.ZodType<number | null, unknown>;
export function amountField(rules: AmountRules = {}): z.ZodType<number | null, unknown> {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => {
      const read = readAmount(typeof value === "string" ? value : "", rules);
      if (read.message !== undefined) {
        ctx.addIssue({ code: "custom", message: read.message });
        return z.NEVER;
      }
      return read.cents;
    });
}
