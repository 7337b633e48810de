/**
 * What a domain function throws when it refuses: the kind says what went wrong, never how to
 * answer it. The route side (app/lib/actions.server.ts) turns each kind into its status
 * (invalid 400, forbidden 403, not found 404, conflict 409, rate limited 429, unavailable 503)
 * and shows the message, by its field when it has one. Domain code knows nothing of HTTP.
 */
export type DomainErrorKind =
  | "invalid"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "rate_limited"
  /** The shop cannot do it just now, whatever the visitor sends (no payment provider set up). */
  | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    options: {
      /** The form field the message belongs to. */
      field?: string;
      /** What the field says, when it differs from the message (a notice and a shorter hint). */
      fieldMessage?: string;
      /** For rate_limited: when the visitor may try again. */
      retryAfterSeconds?: number;
      /** A title for the notice, when the message alone is not enough ("Out of Stock"). */
      title?: string;
    } = {},
  ) {
    super(message);
    this.name = "DomainError";
    this.field = options.field;
    this.fieldMessage = options.fieldMessage;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.title = options.title;
  }
  readonly field?: string;
  readonly fieldMessage?: string;
  readonly retryAfterSeconds?: number;
  readonly title?: string;
}

export const invalid = (message: string, field?: string) =>
  new DomainError("invalid", message, { field });
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string, field?: string) =>
  new DomainError("conflict", message, { field });
export const forbidden = (message: string) => new DomainError("forbidden", message);
