import type * as React from "react";
import { Label } from "~/components/admin/ui/input";
import { Switch } from "~/components/admin/ui/switch";

/** A labelled on/off switch with a hint and a message, wired for screen readers as Field is. */
export function SwitchField({
  name,
  label,
  hint,
  error,
  onEdit,
  id = `field-${name}`,
  ...props
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  onEdit?: (name: string) => void;
  id?: string;
} & Omit<React.ComponentProps<"input">, "name" | "id" | "type">) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id}>{label}</Label>
        <Switch
          id={id}
          name={name}
          onInput={() => onEdit?.(name)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          {...props}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
