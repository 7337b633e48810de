import type { MouseEvent } from "react";
import { Icon } from "~/components/store/icon";
import type { FieldErrors, FormAlert } from "~/lib/forms";

/** A form's field as its error summary names it: its name, its label, the element to go to. */
export type SummaryField = { name: string; label: string; target?: string };

/** The element a field's link goes to: its own, or `field-<name>` as FormField names it. */
export const fieldTarget = (field: SummaryField) => field.target ?? `field-${field.name}`;

/**
 * The fields in error, in the form's order (the order `fields` gives), then any field the list
 * does not know, by its name.
 */
export function fieldsInError(fields: readonly SummaryField[], errors: FieldErrors) {
  const known = fields.filter((f) => errors[f.name]);
  const rest = Object.keys(errors)
    .filter((name) => !fields.some((f) => f.name === name))
    .map((name) => ({ name, label: "", target: "" }));
  return [...known, ...rest];
}

/**
 * The top of a refused form: what went wrong, and a link to each field in error, named by its
 * label (GOV.UK's error summary; the message itself is beside the field, read with it). A link takes the visitor to the field and focuses it;
 * without JavaScript it is an ordinary link to the field. Server-rendered like the messages
 * beside the fields, so it shows whether the form was checked in the browser or by the server.
 */
export function ErrorSummary({
  alert,
  errors,
  fields,
}: {
  alert: FormAlert | null;
  errors: FieldErrors;
  fields: readonly SummaryField[];
}) {
  const listed = fieldsInError(fields, errors);
  if (!alert && listed.length === 0) return null;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(event.currentTarget.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    // Loaded with the form's checks when the visitor first reached for the form.
    void import("./go-to-field").then((m) => m.goToField(target));
  };
  return (
    <div
      data-error-summary=""
      tabIndex={-1}
      className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4 outline-none focus-visible:ring-2 focus-visible:ring-destructive"
    >
      <Icon name="circle-exclamation-point" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="min-w-0">
        <h2 className="font-semibold">{alert?.title ?? "Please check the form"}</h2>
        {/* A field's refusal is said beside the field; one that is no field's is said here. */}
        {alert?.description && listed.length === 0 ? (
          <p className="text-sm">{alert.description}</p>
        ) : null}
        {listed.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {listed.map((field) => (
              <li key={field.name}>
                {field.label ? (
                  <a
                    href={`#${fieldTarget(field)}`}
                    onClick={follow}
                    className="font-medium underline underline-offset-2"
                  >
                    {field.label}
                  </a>
                ) : (
                  errors[field.name]
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
