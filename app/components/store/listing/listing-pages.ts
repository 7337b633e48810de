import type { ListingCategory } from "~/domain/catalog/listing-query";

/** What differs between the four listing pages: their address, category and words. */
export type ListingPageConfig = {
  path: "/products" | "/mattresses" | "/beds" | "/bedding";
  /** The category the page is fixed to; /products takes `?category=` instead. */
  category: ListingCategory | null;
  metaTitle: string;
  metaDescription: string;
  hero: { title: string; intro: string; cta?: string };
  searchPlaceholder: string;
  loadMoreLabel: string;
  expertAdvice?: boolean;
};

export const PRODUCTS_PAGE: ListingPageConfig = {
  path: "/products",
  category: null,
  metaTitle: "All Products",
  metaDescription:
    "Shop beds, mattresses, bed frames, bedding and bedroom furniture: search, filter by size, type, comfort, brand and price, with lay-by and free local delivery.",
  hero: {
    title: "Our Products",
    intro:
      "Beds, mattresses, bedding and bedroom furniture from brands you trust, at prices you will love.",
  },
  searchPlaceholder: "Search products...",
  loadMoreLabel: "Load More Products",
};

export const MATTRESSES_PAGE: ListingPageConfig = {
  path: "/mattresses",
  category: "mattresses",
  metaTitle: "Mattresses",
  metaDescription:
    "Memory foam, spring, hybrid and latex mattresses in every size from single to super king, with expert advice and free local delivery.",
  hero: {
    title: "Find Your Perfect Mattress",
    intro:
      "Memory foam, pocket spring, hybrid and latex: try them in our showroom or choose here by comfort, size and price.",
    cta: "Shop Mattresses",
  },
  searchPlaceholder: "Search mattresses...",
  loadMoreLabel: "Load More Mattresses",
  expertAdvice: true,
};

export const BEDS_PAGE: ListingPageConfig = {
  path: "/beds",
  category: "beds",
  metaTitle: "Beds & Bed Frames",
  metaDescription:
    "Foam and spring bed sets, platform, storage, divan and adjustable beds at up to 50% off, with lay-by and free local delivery.",
  hero: {
    title: "Transform Your Room Into a Sanctuary",
    intro:
      "Foam and spring bed sets, storage beds, divans and adjustable bases, made to last and priced to please.",
    cta: "Shop Bed Frames",
  },
  searchPlaceholder: "Search bed frames...",
  loadMoreLabel: "Load More Bed Frames",
};

export const BEDDING_PAGE: ListingPageConfig = {
  path: "/bedding",
  category: "bedding",
  metaTitle: "Bedding",
  metaDescription:
    "Duvet cover sets, duvet inners, sheet sets and comforters in every bed size, delivered free in our local area.",
  hero: {
    title: "Complete Comfort, Styled Your Way",
    intro:
      "Duvet covers, inners, sheets and comforters to finish your bed, in every size from single to super king.",
    cta: "Shop Bedding",
  },
  searchPlaceholder: "Search bedding...",
  loadMoreLabel: "Load More Bedding",
};

/** How `?category=` reads on /products (the footer's labels). */
export const CATEGORY_LABELS: Record<ListingCategory, string> = {
  mattresses: "Mattresses",
  beds: "Bed Frames",
  pillows: "Pillows",
  bedding: "Bedding Sets",
  furniture: "Bedroom Furniture",
  accessories: "Accessories",
};
