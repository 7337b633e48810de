import { Download, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button, buttonVariants } from "~/components/admin/ui/button";
import { Input, NativeSelect } from "~/components/admin/ui/input";
import { cn } from "~/lib/cn";
import { listSearch, type ListParams, type ListSpec } from "~/lib/list-params";

export type ListFilter = {
  /** The filter's name in the URL and in the spec's `filters`. */
  name: string;
  label: string;
  /** The first choice, which does not filter ("All warehouses"). */
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

/**
 * A list's search box and status filter: a GET form, so they live in the URL and work without
 * JavaScript; the sort is kept, the page starts again at 1. `exportTo` is the CSV download of
 * exactly what the filters show.
 */
export function ListToolbar({
  spec,
  params,
  searchLabel,
  placeholder,
  statusLabel = "Status",
  statusOptions,
  filters,
  exportTo,
  children,
}: {
  spec: ListSpec;
  params: ListParams;
  searchLabel: string;
  placeholder: string;
  statusLabel?: string;
  /** The filter's choices after "All": value and label. */
  statusOptions?: readonly { value: string; label: string }[];
  /** Further filters (the spec's `filters`), each a select before the status: "" is all. */
  filters?: readonly ListFilter[];
  /** The export's address without its query; the list's filters are added. */
  exportTo?: string;
  children?: ReactNode;
}) {
  const keepSort = params.sort !== spec.defaultSort || params.direction !== spec.defaultDirection;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Form method="get" className="flex flex-wrap gap-2" role="search">
        {keepSort ? (
          <>
            <input type="hidden" name="sort" value={params.sort} />
            <input type="hidden" name="dir" value={params.direction} />
          </>
        ) : null}
        {filters?.map((filter) => (
          <NativeSelect
            key={filter.name}
            name={filter.name}
            defaultValue={params.filters?.[filter.name] ?? ""}
            aria-label={filter.label}
            className="w-44"
          >
            <option value="">{filter.allLabel}</option>
            {filter.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        ))}
        {statusOptions ? (
          <NativeSelect
            name="status"
            defaultValue={params.status}
            aria-label={statusLabel}
            className="w-40"
          >
            <option value="all">All statuses</option>
            {statusOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        ) : null}
        <div className="relative">
          <Search
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            name="q"
            type="search"
            defaultValue={params.q}
            placeholder={placeholder}
            aria-label={searchLabel}
            maxLength={100}
            className="w-64 pl-9"
          />
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {exportTo ? (
        <a
          href={`${exportTo}${listSearch(spec, params, { page: 1 })}`}
          className={cn(buttonVariants({ variant: "outline" }))}
          download
        >
          <Download className="size-4" aria-hidden />
          Export CSV
        </a>
      ) : null}
      {children}
    </div>
  );
}

/** What a list shows when nothing matches: a title, a hint, and an action when there is one. */
export function ListEmpty({
  title,
  description,
  action,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="py-12 text-center" role="status">
      <p className="font-medium">{title}</p>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
