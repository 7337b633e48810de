import type { bedSize } from "~/db/schema/catalog";

export type BedSize = (typeof bedSize.enumValues)[number];

/** How sizes are written in the shop. */
export const SIZE_LABELS: Record<BedSize, string> = {
  single: "Single",
  "three-quarter": "Three-quarter",
  double: "Double",
  queen: "Queen",
  king: "King",
  "super-king": "Super King",
};

export type ProductCardImage = {
  mediaKey: string;
  alt: string;
  width: number;
  height: number;
};

export type ProductCardVariant = {
  id: number;
  size: BedSize;
  priceCents: number;
  originalPriceCents: number | null;
  /** On hand minus reserved over the warehouses that sell online, never below zero. */
  available: number;
};

/** What a product card and its quick view need; variants come smallest size first. */
export type ProductCardData = {
  id: number;
  slug: string;
  title: string;
  type: string;
  badge: string | null;
  isNew: boolean;
  rating: number;
  reviewCount: number;
  description: string;
  laybyText: string;
  deliveryText: string;
  image: ProductCardImage | null;
  variants: ProductCardVariant[];
};

/** Few enough left that we say so. */
export const LOW_STOCK_SHOWN_AT = 3;

export function availabilityLabel(available: number): string {
  if (available <= 0) return "Out of stock";
  if (available <= LOW_STOCK_SHOWN_AT) return `Only ${available} left`;
  return "In stock";
}
