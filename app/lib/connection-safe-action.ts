import { isRouteErrorResponse } from "react-router";
import type { FormActionResult } from "./forms";

export const CONNECTION_LOST = {
  title: "No connection",
  description:
    "We could not reach the shop. Check your connection and try again: nothing you typed is lost.",
} as const;

/**
 * A form's clientAction: sends the form to the server action and, when the phone has lost its
 * connection, answers with a message instead of replacing the page with an error screen.
 */
export async function sendOrExplain(
  serverAction: () => Promise<unknown>,
): Promise<FormActionResult> {
  try {
    return (await serverAction()) as FormActionResult;
  } catch (error) {
    // A refused form (4xx) carries its own message: pass it on as the action's answer.
    if (isRouteErrorResponse(error) && isFormResult(error.data)) return error.data;
    if (error instanceof TypeError) {
      return { ok: false, alert: CONNECTION_LOST, fieldErrors: {}, values: {} };
    }
    throw error;
  }
}

function isFormResult(value: unknown): value is FormActionResult {
  return typeof value === "object" && value !== null && "ok" in value;
}

/**
 * For layout routes' shouldRevalidate: a form that was refused or could not be sent changed
 * nothing, so there is nothing to reload (and reloading without a connection would fail).
 */
export function revalidateUnlessRefused({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  if (isFormResult(actionResult) && actionResult.ok === false) return false;
  return defaultShouldRevalidate;
}
