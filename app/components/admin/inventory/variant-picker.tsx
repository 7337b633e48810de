import { useState } from "react";
import { SkuSuggestionsInput } from "~/components/admin/sku-suggestions-input";
import { useVariantSuggestions } from "~/components/admin/use-variant-suggestions";
import { describeVariant } from "~/domain/catalog/variant-suggestion";

/**
 * The Adjust Stock dialog's product: a SKU, typed or picked from suggestions that follow what is
 * typed (SKU or product name). The suggestions are the browser's own list (a datalist), reached
 * with the arrow keys; the chosen one's product and size show under the field.
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
  const { suggestions, find, request } = useVariantSuggestions();
  const [chosen, setChosen] = useState(defaultLabel);

  function changed(text: string) {
    onEdit?.();
    const known = find(text);
    setChosen(known ? describeVariant(known) : text.trim() === defaultValue ? defaultLabel : "");
    request(text);
  }

  return (
    <>
      <SkuSuggestionsInput
        id={id}
        name={name}
        defaultValue={defaultValue}
        suggestions={suggestions}
        onChange={(e) => changed(e.target.value)}
        {...aria}
      />
      <p className="min-h-5 pt-1 text-xs text-muted-foreground" aria-live="polite">
        {chosen}
      </p>
    </>
  );
}
