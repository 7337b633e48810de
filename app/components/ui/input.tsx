import { clsx } from "clsx";
import type * as React from "react";

// Joined without tailwind-merge: see `./button.tsx`. The back office's copies merge.

/** A form field's look without its width (`fieldClass` is full width). */
export const fieldLook =
  "min-w-0 rounded-md border border-input bg-background px-3 py-2 text-base shadow-xs outline-none placeholder:text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";
export const fieldClass = `w-full ${fieldLook}`;

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      data-slot="input"
      className={clsx(fieldClass, "h-10", className)}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={clsx(fieldClass, className)} {...props} />;
}

export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select data-slot="select" className={clsx(fieldClass, "h-10 pr-8", className)} {...props} />
  );
}

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={clsx("text-sm leading-none font-medium select-none", className)}
      {...props}
    />
  );
}
