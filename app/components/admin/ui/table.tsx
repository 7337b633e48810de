import type * as React from "react";
import { cn } from "~/lib/cn";

/**
 * A `stacked` table becomes a stack of cards in a box narrower than 768 px (a phone, or a
 * tablet beside the menu), so nothing scrolls sideways: the header row is left out, each cell
 * says its column's name (its `data-label`) before its value, a cell marked
 * `data-card="title"` leads its card, `"actions"` ends it, `"hidden"` is left out. The roles
 * are explicit, so screen readers still read a table when its display changes.
 */
const STACKED = cn(
  "@max-3xl:block @max-3xl:[&>thead]:hidden @max-3xl:[&>tbody]:block",
  "@max-3xl:[&>tbody>tr]:mb-3 @max-3xl:[&>tbody>tr]:flex @max-3xl:[&>tbody>tr]:flex-wrap @max-3xl:[&>tbody>tr]:gap-y-1.5 @max-3xl:[&>tbody>tr]:rounded-lg @max-3xl:[&>tbody>tr]:border! @max-3xl:[&>tbody>tr]:p-3",
  "@max-3xl:[&>tfoot]:block @max-3xl:[&>tfoot>tr]:flex @max-3xl:[&>tfoot>tr]:flex-wrap @max-3xl:[&>tfoot>tr]:gap-y-1.5 @max-3xl:[&>tfoot>tr]:p-3",
  "@max-3xl:[&_td]:flex @max-3xl:[&_td]:w-full @max-3xl:[&_td]:items-start @max-3xl:[&_td]:justify-between @max-3xl:[&_td]:gap-3 @max-3xl:[&_td]:p-0 @max-3xl:[&_td]:text-right",
  "@max-3xl:[&_td[data-label]]:before:shrink-0 @max-3xl:[&_td[data-label]]:before:text-left @max-3xl:[&_td[data-label]]:before:font-normal @max-3xl:[&_td[data-label]]:before:text-muted-foreground @max-3xl:[&_td[data-label]]:before:content-[attr(data-label)]",
  "@max-3xl:[&_td[data-card=title]]:block @max-3xl:[&_td[data-card=title]]:text-left @max-3xl:[&_td[data-card=title]]:text-base @max-3xl:[&_td[data-card=title]]:font-semibold @max-3xl:[&_td[data-card=title]]:before:hidden",
  "@max-3xl:[&_td[data-card=actions]]:mt-1 @max-3xl:[&_td[data-card=actions]]:justify-end @max-3xl:[&_td[data-card=actions]]:border-t @max-3xl:[&_td[data-card=actions]]:pt-2 @max-3xl:[&_td[data-card=actions]]:before:hidden",
  "@max-3xl:[&_td[data-card=actions]_a]:min-h-11 @max-3xl:[&_td[data-card=actions]_a]:min-w-11 @max-3xl:[&_td[data-card=actions]_button]:min-h-11 @max-3xl:[&_td[data-card=actions]_button]:min-w-11",
  "@max-3xl:[&_td[data-card=hidden]]:hidden",
);

export function Table({
  className,
  stacked = false,
  ...props
}: React.ComponentProps<"table"> & { stacked?: boolean }) {
  if (stacked) {
    return (
      <div className="@container w-full">
        <table
          data-slot="table"
          role="table"
          className={cn("w-full caption-bottom text-sm", STACKED, className)}
          {...props}
        />
      </div>
    );
  }
  return (
    <div className="relative w-full overflow-x-auto">
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      role="rowgroup"
      className={cn("[&_tr]:border-b", className)}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      role="rowgroup"
      className={cn("[&_tr:last-child]:border-0", className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      role="row"
      className={cn("border-b transition-colors hover:bg-muted/50", className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      role="columnheader"
      className={cn(
        "h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
      role="cell"
      className={cn("p-2 align-middle", className)}
      {...props}
    />
  );
}
