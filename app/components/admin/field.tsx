import type * as React from "react";
import { Input, Label, NativeSelect, Textarea } from "~/components/admin/ui/input";

type FieldFrame = {
  name: string;
  label: string;
  error?: string;
  /** A line under the label that explains the field (linked to it for screen readers). */
  hint?: string;
  onEdit?: (name: string) => void;
  id?: string;
};

/**
 * The label, hint and message around one control, wired for screen readers: the control is
 * described by the hint and the message and marked invalid while the message shows.
 */
function FieldFrame({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its message underneath (the message clears when the field is edited). */
export function Field({
  name,
  label,
  error,
  hint,
  onEdit,
  id = `field-${name}`,
  children,
  ...props
}: FieldFrame & { children?: React.ReactNode } & Omit<
    React.ComponentProps<"input">,
    "name" | "id"
  >) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <div className="relative">
          <Input id={id} name={name} onInput={() => onEdit?.(name)} {...aria} {...props} />
          {children}
        </div>
      )}
    </FieldFrame>
  );
}

/** A labelled native select with its message underneath. */
export function SelectField({
  name,
  label,
  error,
  hint,
  onEdit,
  id = `field-${name}`,
  children,
  ...props
}: FieldFrame & Omit<React.ComponentProps<"select">, "name" | "id">) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <NativeSelect id={id} name={name} onInput={() => onEdit?.(name)} {...aria} {...props}>
          {children}
        </NativeSelect>
      )}
    </FieldFrame>
  );
}

/** A labelled textarea with its message underneath. */
export function TextareaField({
  name,
  label,
  error,
  hint,
  onEdit,
  id = `field-${name}`,
  ...props
}: FieldFrame & Omit<React.ComponentProps<"textarea">, "name" | "id">) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <Textarea id={id} name={name} onInput={() => onEdit?.(name)} {...aria} {...props} />
      )}
    </FieldFrame>
  );
}
