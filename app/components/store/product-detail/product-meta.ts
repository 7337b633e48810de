import type { MetaDescriptor } from "react-router";
import type { ProductDetail } from "~/domain/catalog/get-product.server";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import type { ProductReviewPage } from "~/domain/reviews/product-review-page.server";
import { shopToday } from "~/lib/dates";
import { mediaSrc } from "~/lib/media";
import { formatMoney } from "~/lib/money";
import { absoluteUrl, pageTitle, seoMeta, shortDescription, siteNameFromMatches } from "~/lib/seo";
import { breadcrumbJsonLd, productJsonLd } from "~/lib/structured-data";
import { categoryPath } from "./breadcrumbs";

type Match = { id: string; loaderData?: unknown } | undefined;

/** Title, description, canonical URL, Open Graph tags and structured data of a product page. */
export function productPageMeta(
  product: ProductDetail,
  reviews: ProductReviewPage,
  origin: string,
  matches: readonly Match[],
): MetaDescriptor[] {
  const path = `/products/${product.slug}`;
  const url = absoluteUrl(origin, path);
  const imageUrl = (key: string) => absoluteUrl(origin, mediaSrc(key, 960));
  const cheapest = Math.min(...product.variants.map((v) => v.priceCents));
  const from = Number.isFinite(cheapest) ? ` From ${formatMoney(cheapest)}.` : "";
  const image = product.images[0];

  return [
    ...seoMeta({
      title: pageTitle(matches, product.title),
      description: `${shortDescription(product.description, 135)}${from}`,
      origin,
      path,
      type: "product",
      siteName: siteNameFromMatches(matches),
      image: image
        ? { url: imageUrl(image.mediaKey), alt: image.alt, width: 960, height: imageHeight(image) }
        : undefined,
    }),
    {
      "script:ld+json": productJsonLd({
        name: product.title,
        description: product.description,
        url,
        images: product.images.map((i) => imageUrl(i.mediaKey)),
        category: product.category.name,
        brand: product.brand,
        rating: reviews.summary.average,
        reviewCount: reviews.summary.count,
        reviews: reviews.reviews.map((r) => ({
          author: r.displayName,
          rating: r.rating,
          datePublished: shopToday(new Date(r.publishedAt)),
          title: r.title,
          body: r.body,
        })),
        offers: product.variants.map((v) => ({
          name: `${product.title}, ${SIZE_LABELS[v.size]}`,
          sku: v.sku,
          priceCents: v.priceCents,
          available: v.available > 0,
          url: `${url}?size=${v.size}`,
        })),
      }),
    },
    {
      "script:ld+json": breadcrumbJsonLd([
        { name: "Home", url: absoluteUrl(origin, "/") },
        {
          name: product.category.name,
          url: absoluteUrl(origin, categoryPath(product.category.slug)),
        },
        { name: product.title, url },
      ]),
    },
  ];
}

/** The stored height scaled to the 960px file the tag points at. */
function imageHeight(image: { width: number; height: number }) {
  return Math.round((image.height / image.width) * 960);
}
