import { SIZE_LABELS, type ProductCardVariant } from "~/domain/catalog/product-card";
import { formatMoney, percentOff } from "~/lib/money";

/** One size's name, price, struck-through original price and percent off, on one row. */
export function SizeOption({ variant }: { variant: ProductCardVariant }) {
  const off = percentOff(variant.priceCents, variant.originalPriceCents);
  return (
    <>
      <span className="font-medium">{SIZE_LABELS[variant.size]}</span>
      <span className="ml-auto flex flex-wrap items-baseline justify-end gap-x-2">
        <span className="font-semibold">{formatMoney(variant.priceCents)}</span>
        {off > 0 && variant.originalPriceCents ? (
          <>
            <s className="text-xs text-muted-foreground">
              <span className="sr-only">was </span>
              {formatMoney(variant.originalPriceCents)}
            </s>
            <span className="text-xs font-semibold text-destructive dark:text-red-400">
              {off}% off
            </span>
          </>
        ) : null}
      </span>
    </>
  );
}

/** The frame each size option sits in, highlighted when chosen. */
export const sizeOptionClass =
  "flex items-center gap-3 rounded-lg border p-3 text-sm transition-colors";
/** An option's hover when not selected (classes are joined without tailwind-merge). */
export const sizeOptionUnselectedClass = "hover:bg-muted/60";
export const sizeOptionSelectedClass = "border-primary bg-primary/5 hover:bg-primary/5";
