export type AuthRefusal = { status: number; code: string; message: string };

/**
 * better-auth refuses input in two ways: its own APIError, and better-call's ValidationError
 * for a body its endpoint's schema rejects, which is not an instance of the APIError that
 * better-auth exports (an `instanceof` check lets it through as a 500). Both are named
 * "APIError" and carry a 4xx status; this reads either, and is null for anything else.
 */
export function authRefusal(error: unknown): AuthRefusal | null {
  if (!(error instanceof Error) || error.name !== "APIError") return null;
  const { statusCode, body } = error as Error & {
    statusCode?: unknown;
    body?: { code?: unknown; message?: unknown };
  };
  if (typeof statusCode !== "number" || statusCode < 400 || statusCode >= 500) return null;
  return {
    status: statusCode,
    code: typeof body?.code === "string" ? body.code : "",
    message: typeof body?.message === "string" && body.message ? body.message : error.message,
  };
}
