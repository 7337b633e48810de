import { clsx } from "clsx";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FilterPanel } from "./filter-panel";
import { HiddenFields } from "./hidden-fields";
import { useListing } from "./listing-context";

/**
 * The desktop sidebar. It is also the page's filter form without JavaScript: on smaller
 * screens the "Sort & Filter" link (#filters) reveals it, and Apply Filters sends it.
 */
export function FilterSidebar({ open }: { open: boolean }) {
  const { config, applied, query, go } = useListing();
  return (
    <aside
      id="filters"
      aria-labelledby="filters-title"
      className={clsx(
        "mb-6 hidden scroll-mt-20 rounded-xl border p-4 target:block lg:mb-0 lg:self-start lg:rounded-none lg:border-0 lg:p-0",
        open && "lg:block",
      )}
    >
      <Form method="get" action={config.path} preventScrollReset>
        <HiddenFields query={applied} keep={["q"]} />
        <h2 id="filters-title" className="mb-2 text-lg font-semibold">
          Filters
        </h2>
        <FilterPanel query={query} onChange={go} sort="small-screens" />
        <noscript>
          <Button type="submit" className="mt-4 w-full">
            Apply Filters
          </Button>
        </noscript>
      </Form>
    </aside>
  );
}
