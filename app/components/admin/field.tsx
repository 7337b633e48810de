import type * as React from "react";
import { Input, Label } from "~/components/admin/ui/input";

/** A labelled input with its message underneath (the message clears when the field is edited). */
export function Field({
  name,
  label,
  error,
  onEdit,
  id = `field-${name}`,
  children,
  ...props
}: {
  name: string;
  label: string;
  error?: string;
  onEdit?: (name: string) => void;
  id?: string;
  children?: React.ReactNode;
} & Omit<React.ComponentProps<"input">, "name" | "id">) {
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          id={id}
          name={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onInput={() => onEdit?.(name)}
          {...props}
        />
        {children}
      </div>
      {error && (
        <p id={describedBy} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
