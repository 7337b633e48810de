import { z } from "zod";

/**
 * PostgreSQL's `integer`, the type of our ids, order numbers and quantities, stops here. A
 * larger number names no row, and PostgreSQL refuses it as a parameter ("out of range") rather
 * than finding nothing, so every id from outside is checked against it first.
 */
export const MAX_DB_INTEGER = 2_147_483_647;

/** A whole number from 1 to MAX_DB_INTEGER: the only numbers that can name a row. */
export function isDbId(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_DB_INTEGER;
}

/** An id written as text (a path segment, a form field): plain digits only, else null. */
export function parseDbId(text: unknown): number | null {
  if (typeof text !== "string" || !/^\d{1,10}$/.test(text.trim())) return null;
  const id = Number(text.trim());
  return isDbId(id) ? id : null;
}

type IdMessages = { whole: string; positive: string; tooLarge: string };

/** An id in JSON (the cart's variant ids): a whole number the database can hold. */
export function dbIdSchema(messages: string | IdMessages = "That is not a valid id.") {
  const m =
    typeof messages === "string"
      ? { whole: messages, positive: messages, tooLarge: messages }
      : messages;
  return z.int(m.whole).min(1, m.positive).max(MAX_DB_INTEGER, m.tooLarge);
}

/** An id in a form field: digits, turned into a number the database can hold. */
export function dbIdFieldSchema(message = "That is not a valid id.") {
  return z.unknown().transform((text, ctx) => {
    const id = parseDbId(text);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}
