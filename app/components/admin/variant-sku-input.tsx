import { useEffect, useRef } from "react";
import { SkuSuggestionsInput } from "~/components/admin/sku-suggestions-input";
import { useVariantSuggestions } from "~/components/admin/use-variant-suggestions";
import type { VariantSuggestion } from "~/domain/catalog/variant-suggestion";

/**
 * A document line's SKU (a purchase order's, an invoice's): typed, or picked from suggestions
 * that follow what is typed (SKU or product name). The browser's own list (a datalist) is
 * reached with the arrow keys.
 * `onPick` is told when the text is a suggested SKU, also when it was typed in full before its
 * suggestions arrived.
 */
export function VariantSkuInput({
  id,
  name,
  value,
  onChange,
  onPick,
  describe,
  ...aria
}: {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onPick: (variant: VariantSuggestion) => void;
  /** How each suggestion reads (SkuSuggestionsInput's default: with its cost). */
  describe?: (variant: VariantSuggestion) => string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const { suggestions, find, request } = useVariantSuggestions();
  const latest = useRef({ value, onPick, find });
  latest.current = { value, onPick, find };
  useEffect(() => {
    const { value: typed, onPick: pick, find: lookup } = latest.current;
    const match = lookup(typed);
    if (match) pick(match);
  }, [suggestions]);

  function changed(text: string) {
    onChange(text);
    const picked = find(text);
    if (picked) onPick(picked);
    else request(text);
  }

  return (
    <SkuSuggestionsInput
      id={id}
      name={name}
      value={value}
      suggestions={suggestions}
      describe={describe}
      onChange={(e) => changed(e.target.value)}
      {...aria}
    />
  );
}
