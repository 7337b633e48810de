import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { SORT_OPTIONS, type SortOption } from "~/domain/catalog/listing-query";
import { cn } from "~/lib/cn";
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
      className={cn("flex items-center gap-2", className)}
    >
      <HiddenFields query={applied} keep={["q", "f"]} />
      <label htmlFor="listing-sort" className="text-sm whitespace-nowrap text-muted-foreground">
        Sort by
      </label>
      <NativeSelect
        id="listing-sort"
        name="sort"
        value={query.sort}
        onChange={(event) => go({ ...applied, sort: event.target.value as SortOption, page: 1 })}
        className="w-auto"
      >
        <SortOptions />
      </NativeSelect>
      <noscript>
        <Button type="submit" variant="outline">
          Sort
        </Button>
      </noscript>
    </Form>
  );
}
