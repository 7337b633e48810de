/**
 * The listing pages' state as it lives in the URL, shared by the pages and the search:
 * `?q=queen&f=mattress-type-memory-foam&f=brand-sealy&f=price-range-0-15000&sort=price-asc&page=2`.
 * Filter tokens follow the specification: `{group}-{option}`, or one `price-range-{min}-{max}`.
 */
import { formatMoney } from "~/lib/money";

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "rating", label: "Highest Rated" },
  { value: "newest", label: "Newest First" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];

export type CheckboxGroup = {
  id: string;
  title: string;
  type: "checkbox";
  options: readonly { id: string; label: string }[];
};

export const CHECKBOX_GROUPS = [
  {
    id: "mattress-type",
    title: "Mattress Type",
    type: "checkbox",
    options: [
      { id: "memory-foam", label: "Memory Foam" },
      { id: "hybrid", label: "Hybrid" },
      { id: "spring", label: "Spring" },
      { id: "latex", label: "Latex" },
    ],
  },
  {
    id: "bed-type",
    title: "Bed Type",
    type: "checkbox",
    options: [
      { id: "platform", label: "Platform" },
      { id: "storage", label: "Storage" },
      { id: "adjustable", label: "Adjustable Base" },
      { id: "divan", label: "Divan" },
    ],
  },
  {
    id: "bed-size",
    title: "Bed Size",
    type: "checkbox",
    options: [
      { id: "single", label: "Single" },
      { id: "three-quarter", label: "Three-quarter" },
      { id: "double", label: "Double" },
      { id: "queen", label: "Queen" },
      { id: "king", label: "King" },
      { id: "super-king", label: "Super King" },
    ],
  },
  {
    id: "comfort-level",
    title: "Comfort Level",
    type: "checkbox",
    options: [
      { id: "plush", label: "Plush" },
      { id: "medium", label: "Medium" },
      { id: "firm", label: "Firm" },
    ],
  },
  {
    id: "brand",
    title: "Brand",
    type: "checkbox",
    options: [
      { id: "sealy", label: "Sealy" },
      { id: "simmons", label: "Simmons" },
      { id: "serta", label: "Serta" },
      { id: "cloud-nine", label: "Cloud Nine" },
    ],
  },
] as const satisfies readonly CheckboxGroup[];

export type CheckboxGroupId = (typeof CHECKBOX_GROUPS)[number]["id"];

/** The price slider, in whole Rand. */
export const PRICE_RANGE = {
  id: "price-range",
  title: "Price Range",
  min: 0,
  max: 30000,
  step: 500,
} as const;

/** Categories a listing can be limited to (`?category=` and the category pages). */
export const LISTING_CATEGORIES = [
  "mattresses",
  "beds",
  "pillows",
  "bedding",
  "furniture",
  "accessories",
] as const;
export type ListingCategory = (typeof LISTING_CATEGORIES)[number];

export const PAGE_SIZE = 12;
const MAX_PAGE = 50;
const MAX_QUERY_LENGTH = 100;

export type ListingQuery = {
  q: string;
  category: ListingCategory | null;
  /** Checkbox selections by group, each list sorted and without duplicates. */
  selections: Partial<Record<CheckboxGroupId, string[]>>;
  /** Whole Rand, inclusive; null when the slider is untouched. */
  price: [number, number] | null;
  sort: SortOption;
  /** How many pages are shown (Load More adds one); the listing shows PAGE_SIZE * page items. */
  page: number;
};

/** Reads a listing's URL; anything unknown or malformed is left out rather than refused. */
export function parseListingQuery(
  params: URLSearchParams,
  fixedCategory: ListingCategory | null = null,
): ListingQuery {
  const category =
    fixedCategory ??
    (LISTING_CATEGORIES.find((c) => c === params.get("category")) as ListingCategory | undefined) ??
    null;
  const query: ListingQuery = {
    q: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    category,
    selections: {},
    price: null,
    sort: (SORT_OPTIONS.find((s) => s.value === params.get("sort"))?.value ??
      "featured") as SortOption,
    page: clampInt(params.get("page"), 1, MAX_PAGE, 1),
  };
  for (const token of params.getAll("f")) applyToken(query, token);
  return query;
}

function applyToken(query: ListingQuery, token: string) {
  const price = token.match(/^price-range-(\d+)-(\d+)$/);
  if (price) {
    // Only one price range at a time: the latest wins.
    const low = clampInt(price[1], PRICE_RANGE.min, PRICE_RANGE.max, PRICE_RANGE.min);
    const high = clampInt(price[2], PRICE_RANGE.min, PRICE_RANGE.max, PRICE_RANGE.max);
    query.price = low <= high ? [low, high] : [high, low];
    return;
  }
  for (const group of CHECKBOX_GROUPS) {
    if (!token.startsWith(`${group.id}-`)) continue;
    const option = token.slice(group.id.length + 1);
    if (!group.options.some((o) => o.id === option)) return;
    const chosen = new Set(query.selections[group.id] ?? []);
    chosen.add(option);
    query.selections[group.id] = [...chosen].sort();
    return;
  }
}

/** The applied filter tokens, in group order (checkboxes, then the price range). */
export function filterTokens(query: ListingQuery): string[] {
  const tokens: string[] = [];
  for (const group of CHECKBOX_GROUPS) {
    for (const option of query.selections[group.id] ?? []) tokens.push(`${group.id}-${option}`);
  }
  if (query.price) tokens.push(`${PRICE_RANGE.id}-${query.price[0]}-${query.price[1]}`);
  return tokens;
}

/** The URL search string of a query (without the fixed category of a category page). */
export function listingSearchParams(
  query: ListingQuery,
  options: { includeCategory?: boolean } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (options.includeCategory && query.category) params.set("category", query.category);
  for (const token of filterTokens(query)) params.append("f", token);
  if (query.sort !== "featured") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

/** Adds a filter token: a duplicate is ignored, a new price range replaces the old one. */
export function withToken(query: ListingQuery, token: string): ListingQuery {
  const next: ListingQuery = { ...query, selections: { ...query.selections }, page: 1 };
  applyToken(next, token);
  return next;
}

export function withoutToken(query: ListingQuery, token: string): ListingQuery {
  const next: ListingQuery = { ...query, selections: { ...query.selections }, page: 1 };
  if (token.startsWith(`${PRICE_RANGE.id}-`)) next.price = null;
  for (const group of CHECKBOX_GROUPS) {
    const option = token.startsWith(`${group.id}-`) ? token.slice(group.id.length + 1) : null;
    if (option && next.selections[group.id]) {
      const left = next.selections[group.id]!.filter((o) => o !== option);
      if (left.length) next.selections[group.id] = left;
      else delete next.selections[group.id];
    }
  }
  return next;
}

export function withoutFilters(query: ListingQuery): ListingQuery {
  return { ...query, selections: {}, price: null, page: 1 };
}

/** A readable label for a chip: "Memory Foam", "R0 - R15,000". */
export function tokenLabel(token: string): string {
  const price = token.match(/^price-range-(\d+)-(\d+)$/);
  if (price) {
    const rand = (v: string) => formatMoney(Number(v) * 100);
    return `${rand(price[1]!)} - ${rand(price[2]!)}`;
  }
  for (const group of CHECKBOX_GROUPS) {
    if (!token.startsWith(`${group.id}-`)) continue;
    const option = group.options.find((o) => o.id === token.slice(group.id.length + 1));
    if (option) return option.label;
  }
  return token;
}

function clampInt(value: string | null | undefined, min: number, max: number, fallback: number) {
  const n = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}
