import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Input } from "~/components/admin/ui/input";
import { formatMoney } from "~/lib/money";

export type VariantSuggestion = {
  id: number;
  sku: string;
  title: string;
  size: string;
  costCents: number | null;
};

/** How a suggestion reads: "Dream Queen Mattress · Queen · cost R2,400.00". */
export function describeVariant(v: VariantSuggestion) {
  const cost =
    v.costCents === null ? "no cost yet" : `cost ${formatMoney(v.costCents, { cents: true })}`;
  return `${v.title} · ${v.size} · ${cost}`;
}

/**
 * A line's SKU: typed, or picked from suggestions that follow what is typed (SKU or product
 * name), a few at a time from the server, so the catalogue's 20,000 variants never ship to the
 * page. The browser's own list (a datalist) is reached with the arrow keys. `onPick` is told
 * when the text is a suggested SKU.
 */
export function VariantSkuInput({
  id,
  name,
  value,
  onChange,
  onPick,
  ...aria
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (variant: VariantSuggestion) => void;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const fetcher = useFetcher<{ variants: VariantSuggestion[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const known = useRef(new Map<string, VariantSuggestion>());
  const suggestions = fetcher.data?.variants ?? [];
  for (const v of suggestions) known.current.set(v.sku.toUpperCase(), v);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A SKU typed in full before its suggestions arrived is picked when they do.
  const latest = useRef({ value, onPick });
  latest.current = { value, onPick };
  useEffect(() => {
    const { value: typed, onPick: pick } = latest.current;
    const match = fetcher.data?.variants.find(
      (v) => v.sku.toUpperCase() === typed.trim().toUpperCase(),
    );
    if (match) pick(match);
  }, [fetcher.data]);

  function changed(text: string) {
    onChange(text);
    const picked = known.current.get(text.trim().toUpperCase());
    if (picked) {
      onPick(picked);
      return;
    }
    clearTimeout(timer.current);
    const q = text.trim();
    if (q.length < 2) return;
    timer.current = setTimeout(() => {
      void fetcher.load(`/admin/purchase-orders/variants?q=${encodeURIComponent(q)}`);
    }, 150);
  }

  return (
    <>
      <Input
        id={id}
        name={name}
        value={value}
        list={`${id}-suggestions`}
        autoComplete="off"
        spellCheck={false}
        placeholder="SKU or product name"
        onChange={(e) => changed(e.target.value)}
        {...aria}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((v) => (
          <option key={v.id} value={v.sku}>
            {describeVariant(v)}
          </option>
        ))}
      </datalist>
    </>
  );
}
