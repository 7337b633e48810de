import { parseDbId } from "./db-ids";

/**
 * The one place requests' input is read: forms, query values and path segments. What no field
 * or address of the shop can hold is refused here with a 4xx and a plain message, before a
 * schema or the database sees it: a body that is not a form, and the NUL character, which
 * PostgreSQL refuses in text. Refusals are thrown as Responses: a page route shows them in its
 * error boundary with their status, a resource route sends them as they are.
 */

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const NOT_A_FORM_MESSAGE =
  "Send this form as a web form (application/x-www-form-urlencoded or multipart/form-data).";
export const UNREADABLE_FORM_MESSAGE =
  "The form could not be read. Please go back to the page and send it again.";
export const NUL_IN_FORM_MESSAGE = "The request contains a NUL character, which no field accepts.";
export const NUL_IN_ADDRESS_MESSAGE =
  "The address contains a NUL character, which no page of the shop accepts.";

function refusal(status: number, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** True when a text, or any text inside a parsed JSON value, holds a NUL character. */
export function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, inner]) => key.includes("\0") || hasNul(inner));
  }
  return false;
}

/**
 * Reads a submitted form. Refuses a body that is not a form (JSON, text/plain, no content
 * type: 415), one that cannot be parsed (multipart without its boundary: 400) and any field
 * name or text value with a NUL (400). Files are taken as they are.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.has(type)) throw refusal(415, NOT_A_FORM_MESSAGE);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refusal(400, UNREADABLE_FORM_MESSAGE);
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw refusal(400, NUL_IN_FORM_MESSAGE);
    }
  }
  return form;
}

/** The request's query values; a NUL in any name or value is refused (400). */
export function readSearchParams(request: Request): URLSearchParams {
  const params = new URL(request.url).searchParams;
  for (const [name, value] of params) {
    if (name.includes("\0") || value.includes("\0")) throw refusal(400, NUL_IN_ADDRESS_MESSAGE);
  }
  return params;
}

/** A path segment naming a row by its number (/orders/:number): 404 unless it can be one. */
export function idParam(value: string | undefined): number {
  const id = parseDbId(value);
  if (id === null) throw refusal(404, "Not found");
  return id;
}

/** A path segment naming something by text (a slug, a payment reference): a NUL names nothing. */
export function textParam(value: string | undefined): string {
  if (!value || value.includes("\0")) throw refusal(404, "Not found");
  return value;
}
