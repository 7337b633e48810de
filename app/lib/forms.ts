import { z } from "zod";

/** The specification's notices for a form that cannot be sent. */
export const FORM_ALERTS = {
  missing: { title: "Missing Information", description: "Please fill in all required fields." },
  email: { title: "Invalid Email", description: "Please enter a valid email address." },
} as const;

export type FormAlert = { title: string; description: string };
export type FieldErrors = Record<string, string>;

import { HONEYPOT_FIELD } from "./honeypot-field";
import { AMOUNT_MESSAGE, formatMoney, parseAmount } from "./money";

export { HONEYPOT_FIELD };

export const REQUIRED_MESSAGE = "This field is required.";
export const EMAIL_MESSAGE = "Please enter a valid email address.";
/**
 * The one e-mail rule of every form: the one the auth library (better-auth, through zod's
 * `z.email()`) applies, so no address a form takes is refused there afterwards (`a@b.c` was).
 * It holds the specification's rule (section 5: text, at sign, text, dot, text, no spaces)
 * and is stricter: plain ASCII letters, digits and `_'+-.` before the at sign, and a domain
 * ending in a dot and two or more letters.
 */
export const EMAIL_PATTERN = z.regexes.email;

/** A trimmed text field; `required` fields say so when empty. */
export function textField(options: { required?: boolean; max?: number } = {}) {
  const base = z
    .string()
    .trim()
    .max(options.max ?? 2000, "This is too long.");
  return options.required ? base.min(1, REQUIRED_MESSAGE) : base.default("");
}

export function emailField() {
  return z
    .string()
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(254, "This is too long.")
    .regex(EMAIL_PATTERN, EMAIL_MESSAGE)
    .transform((v) => v.toLowerCase());
}

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

export type ParsedForm<T> =
  { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors; alert: FormAlert };

/**
 * Parses a submitted form with its schema, in the browser before sending and again in the
 * action. The alert follows the specification's order: missing fields first, then e-mail.
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: FormData | Record<string, unknown>,
): ParsedForm<z.output<S>> {
  const values = input instanceof FormData ? Object.fromEntries(input) : input;
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "form";
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors, alert: alertFor(fieldErrors) };
}

function alertFor(fieldErrors: FieldErrors): FormAlert {
  const messages = Object.values(fieldErrors);
  if (messages.includes(REQUIRED_MESSAGE)) return FORM_ALERTS.missing;
  if (messages.includes(EMAIL_MESSAGE)) return FORM_ALERTS.email;
  return { title: "Please check the form", description: messages[0] ?? "Something is not right." };
}

/** What an action returns for a form: success, or errors with the values to show again. */
export type FormActionResult =
  | { ok: true; message: FormAlert }
  | { ok: false; alert: FormAlert; fieldErrors: FieldErrors; values: Record<string, string> };

/** The submitted text values, returned with errors so nothing typed is lost. */
export function submittedValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && key !== HONEYPOT_FIELD) values[key] = value;
  }
  return values;
}
