import type { ProductCardVariant } from "~/domain/catalog/product-card";

/** The size shown first: the smallest one in stock, else the smallest. */
export function defaultVariant<V extends ProductCardVariant>(
  variants: readonly V[],
): V | undefined {
  return variants.find((v) => v.available > 0) ?? variants[0];
}

/** The variant a `?size=` names, or the default one when it names none of them. */
export function variantForSize<V extends ProductCardVariant>(
  variants: readonly V[],
  size: string | null,
): V | undefined {
  return variants.find((v) => v.size === size) ?? defaultVariant(variants);
}
