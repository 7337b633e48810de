import { useEffect, useRef, useState } from "react";
import { Input } from "~/components/admin/ui/input";

type Suggestion = { sku: string; label: string };

/**
 * The Adjust Stock dialog's product: a SKU, typed or picked from suggestions that follow what is
 * typed (SKU or product name), 20 at a time from the server, so none of 20,000 variants ships
 * with the page. They are fetched plainly: the router, not yet knowing the suggestions' route,
 * could take their address for a stock card's (/admin/inventory/:variantId). The suggestions
 * are the browser's own list (a datalist), reached with the arrow keys; the chosen one's
 * product and size show under the field.
 */
export function VariantPicker({
  id,
  name,
  defaultValue = "",
  defaultLabel = "",
  onEdit,
  ...aria
}: {
  id: string;
  name: string;
  defaultValue?: string;
  defaultLabel?: string;
  onEdit?: () => void;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  const known = useRef(new Map<string, string>());
  const [chosen, setChosen] = useState(defaultLabel);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  if (defaultValue && defaultLabel) known.current.set(defaultValue.toUpperCase(), defaultLabel);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  async function suggest(q: string) {
    pending.current?.abort();
    const controller = (pending.current = new AbortController());
    try {
      const response = await fetch(`/admin/inventory/variants?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return;
      const { variants } = (await response.json()) as { variants: Suggestion[] };
      for (const v of variants) known.current.set(v.sku.toUpperCase(), v.label);
      setSuggestions(variants);
    } catch {
      // Aborted by newer typing, or offline: the field still takes a typed SKU.
    }
  }

  function changed(text: string) {
    onEdit?.();
    const q = text.trim();
    setChosen(known.current.get(q.toUpperCase()) ?? "");
    clearTimeout(timer.current);
    if (q.length < 2 || known.current.has(q.toUpperCase())) return;
    timer.current = setTimeout(() => void suggest(q), 150);
  }

  return (
    <>
      <Input
        id={id}
        name={name}
        defaultValue={defaultValue}
        list={`${id}-suggestions`}
        autoComplete="off"
        spellCheck={false}
        placeholder="SKU or product name"
        onChange={(e) => changed(e.target.value)}
        {...aria}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((v) => (
          <option key={v.sku} value={v.sku}>
            {v.label}
          </option>
        ))}
      </datalist>
      <p className="min-h-5 pt-1 text-xs text-muted-foreground" aria-live="polite">
        {chosen}
      </p>
    </>
  );
}
