import type { Dropped } from "~/domain/catalog/nearest-listing";
import {
  CHECKBOX_GROUPS,
  PRICE_RANGE,
  type CheckboxGroupId,
  type ListingQuery,
} from "~/domain/catalog/listing-query";
import { formatMoney } from "~/lib/money";
import { CATEGORY_LABELS } from "./listing-pages";

/** The order a listing is said in: "Queen Firm Latex mattresses". */
const SAID_ORDER: CheckboxGroupId[] = [
  "bed-size",
  "comfort-level",
  "mattress-type",
  "bed-type",
  "brand",
];

const rand = (value: number) => formatMoney(value * 100);

function optionLabels(query: ListingQuery, group: CheckboxGroupId): string | null {
  const options = CHECKBOX_GROUPS.find((g) => g.id === group)!.options;
  const chosen = query.selections[group] ?? [];
  if (chosen.length === 0) return null;
  // In the filter's own order: "Queen or King", not "King or Queen".
  return options
    .filter((o) => chosen.includes(o.id))
    .map((o) => o.label)
    .join(" or ");
}

export function priceWords([low, high]: [number, number]): string {
  if (low <= PRICE_RANGE.min) return `up to ${rand(high)}`;
  if (high >= PRICE_RANGE.max) return `from ${rand(low)}`;
  return `${rand(low)} to ${rand(high)}`;
}

/** A listing in words: "Queen Latex mattresses up to R2,000 matching “cloud”". */
export function describeListing(query: ListingQuery): string {
  const options = SAID_ORDER.map((group) => optionLabels(query, group));
  const noun = query.category ? CATEGORY_LABELS[query.category].toLowerCase() : "products";
  return [
    ...options,
    noun,
    query.price ? priceWords(query.price) : null,
    query.q ? `matching “${query.q}”` : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/** What a nearer listing left out, in words: "Latex", "the search “cloud”", "the price". */
export function droppedWords(query: ListingQuery, dropped: Dropped[]): string {
  const parts = dropped.map((d) => {
    switch (d.kind) {
      case "text":
        return `the search “${query.q}”`;
      case "price":
        return query.price ? `the price limit (${priceWords(query.price)})` : "the price limit";
      case "category":
        return query.category ? CATEGORY_LABELS[query.category] : "the category";
      case "group":
        return optionLabels(query, d.group) ?? d.group;
    }
  });
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]!;
}
