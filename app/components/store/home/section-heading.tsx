import { clsx } from "clsx";
import type * as React from "react";

/** A home section's title and optional line of text, centred. */
export function SectionHeading({
  id,
  title,
  children,
  className,
}: {
  id?: string;
  title: React.ReactNode;
  children?: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx("mx-auto mb-8 max-w-2xl text-center", className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      {children ? <p className="mt-2 text-muted-foreground">{children}</p> : null}
    </div>
  );
}
