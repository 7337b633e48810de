import { cva, type VariantProps } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";

// Joined without tailwind-merge: see `./button.tsx`. The back office's copy merges.
export const badgeVariants = cva(
  "inline-flex items-center rounded-md text-xs font-semibold whitespace-nowrap",
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground",
        accent: "bg-accent text-accent-foreground",
        secondary: "bg-secondary text-secondary-foreground",
        // The dark theme's destructive red is light enough for text on dark; behind white text
        // it falls under 4.5:1, so the badge takes a deeper red there.
        destructive: "bg-destructive text-destructive-foreground dark:bg-red-700",
        outline: "border text-foreground",
      },
      size: {
        default: "px-2 py-0.5",
        lg: "px-3 py-1",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export function Badge({
  className,
  variant,
  size,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return (
    <span
      data-slot="badge"
      className={clsx(badgeVariants({ variant, size }), className)}
      {...props}
    />
  );
}
