import { X } from "lucide-react";
import { createContext, useContext, useState } from "react";
import { SkuSuggestionsInput } from "~/components/admin/sku-suggestions-input";
import { Button } from "~/components/admin/ui/button";
import { Label } from "~/components/admin/ui/input";
import { useVariantSuggestions } from "~/components/admin/use-variant-suggestions";
import type { VariantSuggestion } from "~/domain/catalog/variant-suggestion";

export type GoodsChoice = {
  categories: { id: number; name: string }[];
  products: { id: number; title: string }[];
};

/** The shop's categories, for every promotion dialog on the page (the loader reads them once). */
export const PromotionCategoriesContext = createContext<{ id: number; name: string }[]>([]);

/**
 * The goods a promotion is limited to: categories as checkboxes, products picked by typing a
 * name or SKU (suggested as the browser's own list, reached with the arrow keys) and listed
 * with a Remove button each. Both go to the action as lists of ids in hidden fields.
 */
export function PromotionGoodsFields({
  idPrefix,
  initial,
  errors,
  onEdit,
}: {
  idPrefix: string;
  initial: GoodsChoice;
  errors: Record<string, string | undefined>;
  onEdit: (name: string) => void;
}) {
  const allCategories = useContext(PromotionCategoriesContext);
  const [categoryIds, setCategoryIds] = useState(() => initial.categories.map((c) => c.id));
  const [chosen, setChosen] = useState(initial.products);
  const [typed, setTyped] = useState("");
  const variants = useVariantSuggestions();
  const productField = `${idPrefix}-products`;

  const toggle = (id: number, on: boolean) => {
    onEdit("categoryIds");
    setCategoryIds((now) => (on ? [...now, id] : now.filter((c) => c !== id)));
  };
  const add = (variant: VariantSuggestion) => {
    onEdit("productIds");
    setChosen((now) =>
      now.some((p) => p.id === variant.productId)
        ? now
        : [...now, { id: variant.productId, title: variant.title }],
    );
    setTyped("");
  };

  return (
    <div className="space-y-4 rounded-md border p-3">
      <input type="hidden" name="categoryIds" value={categoryIds.join(",")} />
      <input type="hidden" name="productIds" value={chosen.map((p) => p.id).join(",")} />
      <fieldset aria-describedby={errors.categoryIds ? `${idPrefix}-categories-error` : undefined}>
        <legend className="text-sm font-medium">Only for these categories</legend>
        <p className="text-xs text-muted-foreground">
          None chosen here or below: the whole cart qualifies. The discount and the minimum spend
          count only the goods chosen.
        </p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {allCategories.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                checked={categoryIds.includes(c.id)}
                onChange={(e) => toggle(c.id, e.currentTarget.checked)}
              />
              {c.name}
            </label>
          ))}
        </div>
        {errors.categoryIds ? (
          <p id={`${idPrefix}-categories-error`} className="mt-1 text-sm text-destructive">
            {errors.categoryIds}
          </p>
        ) : null}
      </fieldset>
      <div className="space-y-1.5">
        <Label htmlFor={productField}>Only for these products</Label>
        <p id={`${productField}-hint`} className="text-xs text-muted-foreground">
          Type a product&apos;s name or SKU and choose it from the list.
        </p>
        <SkuSuggestionsInput
          id={productField}
          suggestions={variants.suggestions}
          describe={(v) => `${v.title} · ${v.size}`}
          value={typed}
          aria-describedby={
            errors.productIds
              ? `${productField}-hint ${productField}-error`
              : `${productField}-hint`
          }
          aria-invalid={errors.productIds ? true : undefined}
          onChange={(e) => {
            const text = e.currentTarget.value;
            setTyped(text);
            const found = variants.find(text);
            if (found) add(found);
            else variants.request(text);
          }}
          onKeyDown={(e) => {
            // Enter picks a SKU typed in full; it never submits the dialog from here.
            if (e.key !== "Enter") return;
            e.preventDefault();
            const found = variants.find(typed);
            if (found) add(found);
          }}
        />
        {errors.productIds ? (
          <p id={`${productField}-error`} className="text-sm text-destructive">
            {errors.productIds}
          </p>
        ) : null}
        {chosen.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Products chosen">
            {chosen.map((p) => (
              <li
                key={p.id}
                className="flex items-center gap-1 rounded-full border py-0.5 pr-1 pl-3 text-sm"
              >
                {p.title}
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${p.title}`}
                  onClick={() => {
                    onEdit("productIds");
                    setChosen((now) => now.filter((c) => c.id !== p.id));
                  }}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
