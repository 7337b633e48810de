import type { VariantProps } from "class-variance-authority";
import type * as React from "react";
import { badgeVariants } from "~/components/ui/badge";
import { cn } from "~/lib/cn";

/** The back office's badge: the storefront's, with tailwind-merge resolving a className. */
export function Badge({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return (
    <span
      data-slot="badge"
      className={cn(badgeVariants({ variant, size }), className)}
      {...props}
    />
  );
}
