import { data } from "react-router";
import type { z } from "zod";
import { DomainError, type DomainErrorKind } from "~/domain/errors";
import { consumeRateLimit } from "~/domain/security/rate-limit.server";
import { storePhone } from "~/domain/settings/store-settings.server";
import { env } from "~/env.server";
import {
  HONEYPOT_FIELD,
  parseForm,
  submittedValues,
  type FieldErrors,
  type FormAlert,
  type FormActionResult,
} from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { log } from "~/lib/log.server";

/*
 * The route side of every form, storefront and back office: an action reads its form
 * (request-input.server; a storefront form through `readPublicForm`, which also guards it),
 * parses it with the area's schema (`invalid`), calls one domain function inside `attempt`, and
 * answers `succeeded`, `refused` or a redirect; a loader wraps its domain call in `loaded`.
 * Domain functions throw DomainError; only this file turns it into a status and a notice.
 */

/** The status each kind of domain refusal is answered with. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** Fields whose typed value is never sent back: passwords, two-factor codes, providers' keys and secrets. */
const SECRET_FIELD = /password|passphrase|secret|merchantkey|twofactorcode/i;

/** The typed values to show again, never the passwords or other secrets. */
export function keptValues(formData: FormData) {
  const values = submittedValues(formData);
  for (const key of Object.keys(values)) if (SECRET_FIELD.test(key)) delete values[key];
  return values;
}

/** A refused form: its status, the notice, messages by the fields and the typed values. */
export function refused(
  status: number,
  alert: FormAlert,
  formData: FormData,
  fieldErrors: FieldErrors = {},
) {
  const body: FormActionResult = { ok: false, alert, fieldErrors, values: keptValues(formData) };
  return data(body, { status });
}

/**
 * 400 for a form that failed its schema. The notice is the one given (the storefront passes
 * parseForm's, which follows the specification's order), else "Validation Error" and the
 * first message, as the back office and sign-in pages show it.
 */
export function invalid(
  parsed: { fieldErrors: FieldErrors },
  formData: FormData,
  alert: FormAlert = {
    title: "Validation Error",
    description: Object.values(parsed.fieldErrors)[0] ?? "Please check the form.",
  },
) {
  return refused(400, alert, formData, parsed.fieldErrors);
}

export function succeeded(title: string, description: string): FormActionResult {
  return { ok: true, message: { title, description } };
}

/**
 * Whether the browser posted the form as a page (no JavaScript), not from the page's script: a
 * reload of the page it answers would post the form again, so an action that pays or issues
 * something answers it with a redirect (POST, redirect, GET). Browsers say so in
 * Sec-Fetch-Mode; a request that does not is answered as a script's.
 */
export function postedAsPage(request: Request) {
  return request.headers.get("sec-fetch-mode") === "navigate";
}

/** What an unexpected failure is answered with: a status (500 by default) and a notice. */
export type Apology = { status?: number; alert: FormAlert | (() => Promise<FormAlert>) };

const OUR_FAULT: Apology = {
  alert: { title: "Error", description: "Something went wrong on our side. Please try again." },
};

/** An apology that gives the shop's phone number ("" when even that cannot be read). */
export function apologyWithPhone(alert: (phone: string) => FormAlert): Apology {
  return { alert: async () => alert(await storePhone().catch(() => "")) };
}

/** The storefront's apology: the specification's "Something went wrong" and the shop's phone. */
export const CALL_US = apologyWithPhone((phone) => ({
  title: "Something went wrong",
  description: phone ? `Please try again or call us at ${phone}.` : "Please try again.",
}));

/** The answer to a domain refusal: its status, its title (or "Error"), the message by its field. */
export function refusedFor(error: DomainError, formData: FormData) {
  return refused(
    STATUS_OF[error.kind],
    { title: error.title ?? "Error", description: error.message },
    formData,
    error.field ? { [error.field]: error.fieldMessage ?? error.message } : {},
  );
}

/**
 * Runs an action's domain call. A thrown Response (a redirect) passes; a DomainError becomes
 * its refusal; anything else is logged and answered with the apology, which shows no detail.
 * What was typed is kept either way.
 */
export async function attempt<T>(
  formData: FormData,
  work: () => Promise<T>,
  apology: Apology = OUR_FAULT,
) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof DomainError) return refusedFor(error, formData);
    log.error({ err: error }, "Action failed");
    const alert = typeof apology.alert === "function" ? await apology.alert() : apology.alert;
    return refused(apology.status ?? 500, alert, formData);
  }
}

/**
 * Runs a loader's domain call: a DomainError becomes an error page with its status and message
 * (a missing order is a 404 page, not a 500).
 */
export async function loaded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw data(error.message, { status: STATUS_OF[error.kind] });
    throw error;
  }
}

/**
 * Guards a public form: a filled honeypot or too many submissions from one address in 15
 * minutes gets a 4xx with a clear message and the typed values back. Null when it may go on.
 */
export async function guardPublicForm(options: {
  form: string;
  formData: FormData;
  clientAddress: string;
  /** Submissions allowed per address in 15 minutes; FORM_RATE_LIMIT by default. */
  limit?: number;
}) {
  const honeypot = options.formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return refused(
      400,
      {
        title: "Could not send",
        description: "Your submission looked automated. Please call us instead.",
      },
      options.formData,
    );
  }
  const limit = await consumeRateLimit({
    key: `form:${options.form}:${options.clientAddress}`,
    limit: options.limit ?? env().FORM_RATE_LIMIT,
    windowSeconds: 15 * 60,
  });
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return refused(
      429,
      {
        title: "Too many attempts",
        description: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us.`,
      },
      options.formData,
    );
  }
  return null;
}

/**
 * Reads a storefront form: the body, its guard, then its schema with the specification's
 * notices. Either the form and its parsed input, or the answer to send back as it is.
 */
export async function readPublicForm<S extends z.ZodType>(options: {
  request: Request;
  form: string;
  schema: S;
  clientAddress: string;
  limit?: number;
}) {
  const formData = await readForm(options.request);
  const { form, clientAddress, limit } = options;
  const blocked = await guardPublicForm({ form, formData, clientAddress, limit });
  if (blocked) return { ok: false as const, answer: blocked };
  const parsed = parseForm(options.schema, formData);
  if (!parsed.ok) return { ok: false as const, answer: invalid(parsed, formData, parsed.alert) };
  return { ok: true as const, formData, input: parsed.data };
}
