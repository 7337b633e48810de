import type * as React from "react";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/input";

type Common = { name: string; label: string; error?: string; required?: boolean };

/** A labelled field with its message underneath; required fields are marked with *. */
export function FormField({
  name,
  label,
  error,
  required,
  as = "input",
  children,
  ...props
}: Common & {
  as?: "input" | "textarea" | "select";
  children?: React.ReactNode;
} & Omit<React.ComponentProps<"input"> & React.ComponentProps<"textarea">, "name">) {
  const id = `field-${name}`;
  const describedBy = error ? `${id}-error` : undefined;
  const shared = {
    id,
    name,
    required,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  };
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>
        {label}
        {required && <span className="text-destructive"> *</span>}
      </Label>
      {as === "textarea" ? (
        <Textarea {...shared} {...(props as React.ComponentProps<"textarea">)} />
      ) : as === "select" ? (
        <NativeSelect {...shared} defaultValue={props.defaultValue as string}>
          {children}
        </NativeSelect>
      ) : (
        <Input {...shared} {...(props as React.ComponentProps<"input">)} />
      )}
      {error && (
        <p id={describedBy} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
