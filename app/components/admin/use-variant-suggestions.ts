import { useEffect, useRef, useState } from "react";
import type { VariantSuggestion } from "~/domain/catalog/variant-suggestion";

/**
 * Suggestions for a field that picks a variant: what is typed (two characters or more, after a
 * short pause) is looked up at /admin/variants, so none of the catalogue's variants ships with
 * the page; a newer request cancels an older one. `find` knows every variant suggested so far
 * by its SKU (any case), so a SKU typed in full is recognised.
 */
export function useVariantSuggestions() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  const known = useRef(new Map<string, VariantSuggestion>());
  const [suggestions, setSuggestions] = useState<VariantSuggestion[]>([]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  async function load(q: string) {
    pending.current?.abort();
    const controller = (pending.current = new AbortController());
    try {
      const response = await fetch(`/admin/variants?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return;
      const { variants } = (await response.json()) as { variants: VariantSuggestion[] };
      for (const v of variants) known.current.set(v.sku.toUpperCase(), v);
      setSuggestions(variants);
    } catch {
      // Aborted by newer typing, or offline: the field still takes a typed SKU.
    }
  }

  const find = (text: string) => known.current.get(text.trim().toUpperCase());
  return {
    suggestions,
    find,
    /** Asks for suggestions for what is typed now, unless it is already a known SKU. */
    request(text: string) {
      clearTimeout(timer.current);
      const q = text.trim();
      if (q.length < 2 || find(q)) return;
      timer.current = setTimeout(() => void load(q), 150);
    },
  };
}
