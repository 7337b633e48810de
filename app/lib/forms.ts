import { z } from "zod";

/** The specification's notices for a form that cannot be sent. */
export const FORM_ALERTS = {
  missing: { title: "Missing Information", description: "Please fill in all required fields." },
  email: { title: "Invalid Email", description: "Please enter a valid email address." },
} as const;

export type FormAlert = { title: string; description: string };
export type FieldErrors = Record<string, string>;

import { HONEYPOT_FIELD } from "./honeypot-field";

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
