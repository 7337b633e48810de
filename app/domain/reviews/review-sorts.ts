/**
 * How a product page lists its published reviews, as it lives in the URL:
 * `/products/{slug}?sort=highest&page=2#reviews`. Shared by the page's loader and its links, so
 * anything unknown or out of range falls back rather than being refused.
 */
export const REVIEW_SORTS = [
  { value: "newest", label: "Newest" },
  { value: "highest", label: "Highest rating" },
  { value: "lowest", label: "Lowest rating" },
] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number]["value"];

export const REVIEWS_PAGE_SIZE = 5;

export type ReviewListParams = { sort: ReviewSort; page: number };

/** The sort and page asked for; the page is kept within the pages `count` reviews fill. */
export function readReviewListParams(params: URLSearchParams, count: number): ReviewListParams {
  const sort = REVIEW_SORTS.find((s) => s.value === params.get("sort"))?.value ?? "newest";
  const asked = Number.parseInt(params.get("page") ?? "", 10);
  const page = Number.isFinite(asked) ? Math.min(Math.max(1, asked), reviewPages(count)) : 1;
  return { sort, page };
}

/** How many pages `count` reviews fill (at least one, which may be empty). */
export function reviewPages(count: number): number {
  return Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE));
}

/**
 * The address of a view of the reviews, keeping the rest of the query (the chosen size), with
 * the defaults left out so the plain page has one address.
 */
export function reviewListHref(
  pathname: string,
  current: URLSearchParams,
  next: ReviewListParams,
): string {
  const params = new URLSearchParams(current);
  params.delete("sort");
  params.delete("page");
  if (next.sort !== "newest") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return `${pathname}${search ? `?${search}` : ""}#reviews`;
}

/** The page numbers a pager links to: the first, the last and two either side of this one. */
export function pageWindow(page: number, pages: number): number[] {
  const shown: number[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) shown.push(p);
  }
  return shown;
}
