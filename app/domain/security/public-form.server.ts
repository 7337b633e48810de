import { data } from "react-router";
import { env } from "~/env.server";
import { HONEYPOT_FIELD, submittedValues, type FormActionResult } from "~/lib/forms";
import { consumeRateLimit } from "./rate-limit.server";

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
  const values = submittedValues(options.formData);
  const honeypot = options.formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return failure(400, values, {
      title: "Could not send",
      description: "Your submission looked automated. Please call us instead.",
    });
  }
  const limit = await consumeRateLimit({
    key: `form:${options.form}:${options.clientAddress}`,
    limit: options.limit ?? env().FORM_RATE_LIMIT,
    windowSeconds: 15 * 60,
  });
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return failure(429, values, {
      title: "Too many attempts",
      description: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us.`,
    });
  }
  return null;
}

function failure(
  status: number,
  values: Record<string, string>,
  alert: { title: string; description: string },
) {
  const body: FormActionResult = { ok: false, alert, fieldErrors: {}, values };
  return data(body, { status });
}

/** The 400 answer for a form that failed its schema. */
export function invalidForm(
  parsed: { fieldErrors: Record<string, string>; alert: { title: string; description: string } },
  formData: FormData,
) {
  const body: FormActionResult = {
    ok: false,
    alert: parsed.alert,
    fieldErrors: parsed.fieldErrors,
    values: submittedValues(formData),
  };
  return data(body, { status: 400 });
}

/**
 * Runs a form's domain call; an unexpected failure is logged and answered with the
 * specification's "Something went wrong" and the shop's phone number, keeping what was typed.
 */
export async function submitOrApologise(
  formData: FormData,
  phone: () => Promise<string>,
  submit: () => Promise<FormActionResult>,
) {
  try {
    return await submit();
  } catch (error) {
    console.error(`Form submission failed: ${(error as Error).message}`);
    const number = await phone().catch(() => "");
    const body: FormActionResult = {
      ok: false,
      alert: {
        title: "Something went wrong",
        description: number ? `Please try again or call us at ${number}.` : "Please try again.",
      },
      fieldErrors: {},
      values: submittedValues(formData),
    };
    return data(body, { status: 500 });
  }
}
