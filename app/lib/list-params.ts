/**
 * The back office's lists keep their search, status filter, sort and page in the URL, so a
 * filtered page can be shared, reloaded and used without JavaScript. Each resource describes its
 * list once (`defineList`); loaders read the URL with it and pages build their links with it.
 */
export type SortDirection = "asc" | "desc";

export type ListSpec<Sort extends string = string, Status extends string = string> = {
  /** Columns that can be sorted, by the name the URL uses. */
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDirection: SortDirection;
  /** The status filter's values ("all" is always there too). */
  statuses: readonly Status[];
  pageSize: number;
  /**
   * Further filters by name in the URL (`warehouse`), beside the status. Their values are the
   * domain's to check: the kit only carries them from the URL to the query and into its links.
   */
  filters?: readonly string[];
};

export type ListParams<Sort extends string = string, Status extends string = string> = {
  q: string;
  status: Status | "all";
  sort: Sort;
  direction: SortDirection;
  page: number;
  pageSize: number;
  /** The spec's further filters that are set, by name (absent when not set). */
  filters?: Record<string, string>;
};

/** The parameters of the list `Spec` describes (`ListParamsOf<typeof ORDER_LIST>`). */
export type ListParamsOf<Spec> =
  Spec extends ListSpec<infer Sort, infer Status> ? ListParams<Sort, Status> : never;

/** The longest search the lists take; longer input is cut, never refused. */
export const MAX_SEARCH_LENGTH = 100;
/** Past this page a list answers its last page (no query walks further than it must). */
const MAX_PAGE = 100_000;

export function defineList<Sort extends string, Status extends string>(
  spec: ListSpec<Sort, Status>,
): ListSpec<Sort, Status> {
  return spec;
}

/** Reads a list's parameters from a URL; anything unknown or malformed falls back to the default. */
export function readListParams<Sort extends string, Status extends string>(
  spec: ListSpec<Sort, Status>,
  search: URLSearchParams,
): ListParams<Sort, Status> {
  const q = (search.get("q") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const status = search.get("status");
  const asked = search.get("sort");
  const sort = spec.sorts.includes(asked as Sort) ? (asked as Sort) : spec.defaultSort;
  const direction = search.get("dir");
  const page = Number(search.get("page"));
  const filters = spec.filters?.length ? readFilters(spec.filters, search) : undefined;
  return {
    ...(filters ? { filters } : {}),
    q,
    status: spec.statuses.includes(status as Status) ? (status as Status) : "all",
    sort,
    direction:
      direction === "asc" || direction === "desc"
        ? direction
        : sort === spec.defaultSort
          ? spec.defaultDirection
          : "asc",
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
    pageSize: spec.pageSize,
  };
}

function readFilters(names: readonly string[], search: URLSearchParams): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const name of names) {
    const value = (search.get(name) ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * The query string of a list with some parameters changed (`?…`, or "" for the defaults). A new
 * search, filter or sort starts again at page 1.
 */
export function listSearch(
  spec: ListSpec,
  params: ListParams,
  changes: Partial<Pick<ListParams, "q" | "status" | "sort" | "direction" | "page" | "filters">>,
): string {
  const next = { ...params, ...changes };
  if (!("page" in changes)) next.page = 1;
  const query = new URLSearchParams();
  if (next.q) query.set("q", next.q);
  if (next.status !== "all") query.set("status", next.status);
  for (const [name, value] of Object.entries(next.filters ?? {})) {
    if (value) query.set(name, value);
  }
  const defaultDirection = next.sort === spec.defaultSort ? spec.defaultDirection : "asc";
  if (next.sort !== spec.defaultSort || next.direction !== defaultDirection) {
    query.set("sort", next.sort);
    query.set("dir", next.direction);
  }
  if (next.page > 1) query.set("page", String(next.page));
  const text = query.toString();
  return text ? `?${text}` : "";
}

/**
 * The query string of a list opened afresh with only `changes` set (`?status=pending`), for a
 * link from another page: the list reads it back into exactly these parameters.
 */
export function listQuery(
  spec: ListSpec,
  changes: Partial<Pick<ListParams, "q" | "status" | "sort" | "direction" | "filters">>,
): string {
  return listSearch(spec, readListParams(spec, new URLSearchParams()), changes);
}

/** A status filter's choices, each value shown with a capital ("completed" as "Completed"). */
export function statusChoices(
  statuses: readonly string[],
  /** The words for each status, where its name alone does not read well ("to_deliver"). */
  labels?: Readonly<Record<string, string>>,
) {
  return statuses.map((value) => ({
    value,
    label: labels?.[value] ?? value[0]!.toUpperCase() + value.slice(1),
  }));
}

/** One page of a list: its rows and where it stands among all that match. */
export type ListPage<Row> = {
  rows: Row[];
  /** Rows matching the search and filter, on every page. */
  total: number;
  page: number;
  pageCount: number;
};
