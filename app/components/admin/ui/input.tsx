import type * as React from "react";
import { fieldClass } from "~/components/ui/input";
import { cn } from "~/lib/cn";

// The back office's form fields: the storefront's (`~/components/ui/input`), with tailwind-merge
// resolving a className against their own classes.

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input type={type} data-slot="input" className={cn(fieldClass, "h-10", className)} {...props} />
  );
}

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea data-slot="textarea" className={cn(fieldClass, className)} {...props} />;
}

export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return (
    <select data-slot="select" className={cn(fieldClass, "h-10 pr-8", className)} {...props} />
  );
}

export function Label({ className, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn("text-sm leading-none font-medium select-none", className)}
      {...props}
    />
  );
}
