import { formatMoney } from "~/lib/money";

/** A variant offered as staff type a SKU or a product's name (Adjust Stock, purchase order lines). */
export type VariantSuggestion = {
  id: number;
  /** Its product, for a field that picks products (a promotion's goods). */
  productId: number;
  sku: string;
  title: string;
  /** The size as staff read it ("Queen"). */
  size: string;
  costCents: number | null;
};

/** How a suggestion reads: "Dream Queen Mattress · Queen · cost R2,400.00". */
export function describeVariant(v: VariantSuggestion): string {
  const cost =
    v.costCents === null ? "no cost yet" : `cost ${formatMoney(v.costCents, { cents: true })}`;
  return `${v.title} · ${v.size} · ${cost}`;
}
