import { cva, type VariantProps } from "class-variance-authority";
import { clsx } from "clsx";
import type * as React from "react";

// The storefront's primitives join classes without tailwind-merge (8 KB of JavaScript on every
// page): a className passed in must not fight the component's own classes (two classes of the
// same property both end up in the attribute, and the stylesheet's order, not the attribute's,
// decides). Use a variant or size instead; the back office uses `~/components/admin/ui/*`,
// which merge.

const buttonVariant = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  accent: "bg-accent text-accent-foreground hover:bg-accent/90",
  destructive:
    "bg-destructive text-destructive-foreground hover:bg-destructive/90 dark:bg-red-700 dark:hover:bg-red-800",
  outline: "border border-input bg-background hover:bg-muted",
  secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/80",
  ghost: "hover:bg-muted",
  link: "text-primary underline-offset-4 hover:underline",
};

/** The shared base of a button, without its display, flex and font size (see `buttonClasses`). */
export const buttonBase =
  "items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

/**
 * The raw classes, as before: `size: "sm" | "lg"` carry both `text-sm` and the size's font size
 * (the stylesheet's order makes `text-sm` win). Links styled with `buttonVariants(...)` alone
 * keep exactly that look; `Button` and joined classes use `buttonClasses`.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: buttonVariant,
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-8 rounded-md px-3 text-xs",
        lg: "h-12 rounded-md px-6 text-base",
        icon: "size-10",
        "icon-sm": "size-9",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

/**
 * A button's classes with no two of the same property (what tailwind-merge made of
 * `buttonVariants`): the size's font size replaces `text-sm`. `display: "hidden"` leaves out
 * `inline-flex` for a button shown only from a breakpoint on (`md:inline-flex`); `grow: true`
 * grows it to share a row (`flex-1` instead of `shrink-0`).
 */
export const buttonClasses = cva(buttonBase, {
  variants: {
    variant: buttonVariant,
    size: {
      default: "h-10 px-4 py-2 text-sm",
      sm: "h-8 px-3 text-xs",
      lg: "h-12 px-6 text-base",
      icon: "size-10 text-sm",
      "icon-sm": "size-9 text-sm",
    },
    display: { inline: "inline-flex", hidden: "hidden" },
    grow: { false: "shrink-0", true: "flex-1" },
  },
  defaultVariants: { variant: "default", size: "default", display: "inline", grow: false },
});

/**
 * A button. A link that looks like one is an `<a>` or `<Link>` with `buttonClasses(...)` (no
 * `asChild` here: Radix's Slot would add ~1 KB to every storefront page).
 */
export function Button({
  className,
  variant,
  size,
  grow,
  ...props
}: React.ComponentProps<"button"> & VariantProps<typeof buttonVariants> & { grow?: boolean }) {
  return (
    <button
      data-slot="button"
      className={clsx(buttonClasses({ variant, size, grow }), className)}
      {...props}
    />
  );
}
