import type { ComponentProps } from "react";
import { Input } from "~/components/admin/ui/input";
import { describeVariant, type VariantSuggestion } from "~/domain/catalog/variant-suggestion";

/**
 * A SKU field with the variants suggested for what is typed (useVariantSuggestions) as the
 * browser's own list (a datalist), reached with the arrow keys: each suggestion's SKU, with its
 * product and size beside it.
 */
export function SkuSuggestionsInput({
  id,
  suggestions,
  describe = describeVariant,
  ...input
}: ComponentProps<typeof Input> & {
  id: string;
  suggestions: VariantSuggestion[];
  /** How each suggestion reads beside its SKU; by default with its cost, for buying. */
  describe?: (variant: VariantSuggestion) => string;
}) {
  return (
    <>
      <Input
        id={id}
        list={`${id}-suggestions`}
        autoComplete="off"
        spellCheck={false}
        placeholder="SKU or product name"
        {...input}
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((v) => (
          <option key={v.id} value={v.sku}>
            {describe(v)}
          </option>
        ))}
      </datalist>
    </>
  );
}
