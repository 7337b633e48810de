import type { bedSize } from "~/db/schema";
import type { ProductArt } from "../drawings/product-art";

export type Size = (typeof bedSize.enumValues)[number];

/** Prices in whole Rand, as a merchandiser writes them; the seed turns them into cents. */
export type SeedVariant = {
  size: Size;
  price: number;
  /** Units on hand in the showroom; a mix of 3-20 when not given. */
  stock?: number;
};

export type SeedProduct = {
  /** SKU stem: variants get `{sku}-{size code}`, e.g. FB-01-DBL. */
  sku: string;
  slug: string;
  title: string;
  description: string;
  type: string;
  category: string;
  brand: string | null;
  badge?: string;
  isNew?: boolean;
  isBestSeller?: boolean;
  status?: "active" | "draft" | "archived";
  /** Percent off the original price; none when not given. */
  off?: number;
  mattressType?: "memory-foam" | "hybrid" | "spring" | "latex";
  bedType?: "platform" | "storage" | "adjustable" | "divan";
  comfortLevel?: "plush" | "medium" | "firm";
  art: ProductArt;
  alt: string;
  variants: SeedVariant[];
};

const SIZE_ORDER: Size[] = ["single", "three-quarter", "double", "queen", "king", "super-king"];

/** Variants from a price per size (Rand), smallest size first; `stock` overrides units on hand. */
export function sizes(
  prices: Partial<Record<Size, number>>,
  stock: Partial<Record<Size, number>> = {},
): SeedVariant[] {
  return SIZE_ORDER.filter((size) => prices[size] !== undefined).map((size) => ({
    size,
    price: prices[size]!,
    stock: stock[size],
  }));
}
