import type { FieldErrors } from "~/lib/forms";

/**
 * A document line's fields (a purchase order's, an invoice's) carry their messages by name
 * (`lines.3.quantity`): these tie a message to its field for screen readers.
 */
export function lineFieldAria(errors: FieldErrors, name: string) {
  return errors[name] ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` } : {};
}

/** The message under one field of a line, while it has one. */
export function LineFieldMessage({ errors, name }: { errors: FieldErrors; name: string }) {
  return errors[name] ? (
    <p id={`${name}-error`} className="text-sm text-destructive">
      {errors[name]}
    </p>
  ) : null;
}
