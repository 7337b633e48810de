import {
  CHECKBOX_GROUPS,
  type CheckboxGroupId,
  type ListingCategory,
  type ListingQuery,
} from "./listing-query";

/** What a nearer listing leaves out of the one that found nothing. */
export type Dropped =
  | { kind: "text" }
  | { kind: "group"; group: CheckboxGroupId }
  | { kind: "price" }
  | { kind: "category" };

export type NearerQuery = { query: ListingQuery; dropped: Dropped[] };

/**
 * The listings one step wider than `query`, each leaving out one thing: the search text, one
 * group's options, the price or the category (never a category page's own). A listing that
 * would keep nothing at all is not offered: "every product" is not near.
 */
export function nearerQueries(
  query: ListingQuery,
  fixedCategory: ListingCategory | null,
): NearerQuery[] {
  const base = { ...query, page: 1 };
  const candidates: NearerQuery[] = [];
  if (query.q) candidates.push({ query: { ...base, q: "" }, dropped: [{ kind: "text" }] });
  for (const group of CHECKBOX_GROUPS) {
    if (!query.selections[group.id]?.length) continue;
    const selections = { ...query.selections };
    delete selections[group.id];
    candidates.push({
      query: { ...base, selections },
      dropped: [{ kind: "group", group: group.id }],
    });
  }
  if (query.price)
    candidates.push({ query: { ...base, price: null }, dropped: [{ kind: "price" }] });
  if (query.category && !fixedCategory) {
    candidates.push({ query: { ...base, category: null }, dropped: [{ kind: "category" }] });
  }
  return candidates.filter((c) => keepsSomething(c.query));
}

/** The last resort: only the category, when the listing had one and more besides. */
export function categoryOnly(query: ListingQuery): NearerQuery | null {
  if (!query.category) return null;
  const dropped: Dropped[] = [];
  if (query.q) dropped.push({ kind: "text" });
  for (const group of CHECKBOX_GROUPS) {
    if (query.selections[group.id]?.length) dropped.push({ kind: "group", group: group.id });
  }
  if (query.price) dropped.push({ kind: "price" });
  if (dropped.length < 2) return null;
  return { query: { ...query, q: "", selections: {}, price: null, page: 1 }, dropped };
}

function keepsSomething(query: ListingQuery): boolean {
  return (
    query.q !== "" ||
    query.category !== null ||
    query.price !== null ||
    Object.values(query.selections).some((options) => options.length > 0)
  );
}
