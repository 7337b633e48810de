import { clsx } from "clsx";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldLook } from "~/components/ui/input";
import { SORT_OPTIONS, type SortOption } from "~/domain/catalog/listing-query";
import { HiddenFields } from "./hidden-fields";
import { useListing } from "./listing-context";

export function SortOptions() {
  return SORT_OPTIONS.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** Sorting applies on change; without JavaScript the form's own button sends it. */
export function SortSelect({ className }: { className?: string }) {
  const { config, applied, query, go } = useListing();
  return (
    <Form
      method="get"
      action={config.path}
      preventScrollReset
      // Joined without tailwind-merge: a className that hides it replaces the default `flex`.
      className={clsx("items-center gap-2", className ?? "flex")}
    >
      <HiddenFields query={applied} keep={["q", "f"]} />
      <label htmlFor="listing-sort" className="text-sm whitespace-nowrap text-muted-foreground">
        Sort by
      </label>
      <select
        id="listing-sort"
        data-slot="select"
        name="sort"
        value={query.sort}
        // The toolbar says how Highest Rated weighs reviews while it is the sort.
        aria-describedby={query.sort === "rating" ? "sort-note" : undefined}
        onChange={(event) => go({ ...applied, sort: event.target.value as SortOption, page: 1 })}
        className={`${fieldLook} h-10 w-auto pr-8`}
      >
        <SortOptions />
      </select>
      <noscript>
        <Button type="submit" variant="outline">
          Sort
        </Button>
      </noscript>
    </Form>
  );
}
