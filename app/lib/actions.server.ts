import { data } from "react-router";
import { DomainError, type DomainErrorKind } from "~/domain/errors";
import {
  submittedValues,
  type FieldErrors,
  type FormAlert,
  type FormActionResult,
} from "~/lib/forms";

/** The status each kind of domain refusal is answered with. */
export const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
};

/** The typed values to show again, never the passwords. */
function valuesToKeep(formData: FormData) {
  const values = submittedValues(formData);
  for (const key of Object.keys(values)) if (/password/i.test(key)) delete values[key];
  return values;
}

/** A refused form: its status, the notice, messages by the fields and the typed values. */
export function refused(
  status: number,
  alert: FormAlert,
  formData: FormData,
  fieldErrors: FieldErrors = {},
) {
  const body: FormActionResult = { ok: false, alert, fieldErrors, values: valuesToKeep(formData) };
  return data(body, { status });
}

/** 400 with "Validation Error" and the first message, as the back office's forms show it. */
export function invalid(parsed: { fieldErrors: FieldErrors }, formData: FormData) {
  const first = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
  return refused(
    400,
    { title: "Validation Error", description: first },
    formData,
    parsed.fieldErrors,
  );
}

export function succeeded(title: string, description: string): FormActionResult {
  return { ok: true, message: { title, description } };
}

/**
 * Runs an admin action's domain call: a DomainError becomes its status with toast "Error" and
 * the message (by its field when it has one); anything else is logged and answered with a 500
 * that shows no detail.
 */
export async function adminAttempt(
  formData: FormData,
  work: () => Promise<FormActionResult | Response | ReturnType<typeof refused>>,
) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof DomainError) {
      return refused(
        STATUS_OF[error.kind],
        { title: "Error", description: error.message },
        formData,
        error.field ? { [error.field]: error.message } : {},
      );
    }
    console.error(`Admin action failed: ${(error as Error).message}`);
    return refused(
      500,
      { title: "Error", description: "Something went wrong on our side. Please try again." },
      formData,
    );
  }
}
