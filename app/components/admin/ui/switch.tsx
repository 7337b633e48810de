import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * An on/off switch: a native checkbox with the switch role, so it posts with its form (before
 * or without JavaScript), takes Space by keyboard and is announced as a switch, on or off.
 */
export function Switch({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      role="switch"
      data-slot="switch"
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer appearance-none items-center rounded-full border-2 border-transparent bg-input transition-colors outline-none",
        "before:pointer-events-none before:block before:size-5 before:rounded-full before:bg-background before:shadow-sm before:transition-transform",
        "checked:bg-primary checked:before:translate-x-5",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        "disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
