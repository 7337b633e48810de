/**
 * schema.org structured data for the product page (search results' price, stock, rating and
 * trail). Apart from \`seo.ts\`, which every storefront page loads: only the product page needs it.
 */

/** Cents as the decimal string structured data wants: 319900 -> "3199.00". */
export function decimalPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

export type ProductJsonLdInput = {
  name: string;
  description: string;
  url: string;
  images: string[];
  category?: string;
  brand?: string | null;
  /** The published reviews' average and count: no AggregateRating without one. */
  rating: number;
  reviewCount: number;
  /** The published reviews the page shows, and only those. */
  reviews?: readonly ProductJsonLdReview[];
  offers: {
    name: string;
    sku: string;
    priceCents: number;
    available: boolean;
    url: string;
  }[];
};

export type ProductJsonLdReview = {
  author: string;
  rating: number;
  /** The day it was published, YYYY-MM-DD. */
  datePublished: string;
  title: string;
  body: string;
};

/**
 * schema.org Product with one Offer per variant, in Rand, for search results' price and stock;
 * its rating and reviews only from published reviews, and none at all without one.
 */
export function productJsonLd(p: ProductJsonLdInput) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    url: p.url,
    image: p.images,
    ...(p.category ? { category: p.category } : {}),
    ...(p.brand ? { brand: { "@type": "Brand", name: p.brand } } : {}),
    ...(p.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: p.rating.toFixed(1),
            reviewCount: p.reviewCount,
            bestRating: "5",
            worstRating: "1",
          },
        }
      : {}),
    ...(p.reviewCount > 0 && p.reviews && p.reviews.length > 0
      ? { review: p.reviews.map(reviewJsonLd) }
      : {}),
    offers: p.offers.map((o) => ({
      "@type": "Offer",
      name: o.name,
      sku: o.sku,
      price: decimalPrice(o.priceCents),
      priceCurrency: "ZAR",
      availability: o.available ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url: o.url,
    })),
  };
}

function reviewJsonLd(r: ProductJsonLdReview) {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: r.author },
    reviewRating: {
      "@type": "Rating",
      ratingValue: String(r.rating),
      bestRating: "5",
      worstRating: "1",
    },
    datePublished: r.datePublished,
    ...(r.title ? { name: r.title } : {}),
    reviewBody: r.body,
  };
}

/** schema.org BreadcrumbList: the trail search results show instead of the bare address. */
export function breadcrumbJsonLd(items: readonly { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
}
