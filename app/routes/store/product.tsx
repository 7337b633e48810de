import {
  data,
  Link,
  useLocation,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { AddToCartButton } from "~/components/store/add-to-cart-button";
import { Price, RatingStars } from "~/components/store/product-card";
import { Availability } from "~/components/store/product-detail/availability";
import { Breadcrumbs, categoryPath } from "~/components/store/product-detail/breadcrumbs";
import { ProductBadges } from "~/components/store/product-detail/product-badges";
import { ProductGallery } from "~/components/store/product-detail/product-gallery";
import { productPageMeta } from "~/components/store/product-detail/product-meta";
import {
  FreeDeliveryNote,
  LaybyAndDelivery,
} from "~/components/store/product-detail/purchase-notes";
import { variantForSize } from "~/components/store/product-detail/selected-variant";
import { ProductReviews } from "~/components/store/product-detail/reviews/product-reviews";
import { SizeLinks } from "~/components/store/product-detail/size-links";
import { buttonVariants } from "~/components/ui/button";
import { getProduct } from "~/domain/catalog/get-product.server";
import { productReviewPage } from "~/domain/reviews/product-review-page.server";
import { pageTitle } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";
import { readSearchParams, textParam } from "~/lib/request-input.server";
import type { Route } from "./+types/product";

export async function loader({ params, request }: Route.LoaderArgs) {
  const product = await getProduct({ slug: textParam(params.slug) });
  if (!product) throw data(null, { status: 404, statusText: "Not Found" });
  // Awaited, never streamed: the render cache keys a page by its loader data, reviews included.
  const reviews = await productReviewPage({
    productId: product.id,
    reviewCount: product.reviewCount,
    query: readSearchParams(request),
  });
  return { product, reviews, origin: siteUrl() };
}

/**
 * Choosing a size changes only `?size=`: the page already has every size, so keep its data.
 * The reviews' `?sort=` and `?page=` are other data, so any other change of the query loads.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutSize = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("size");
    return params.toString();
  };
  return withoutSize(currentUrl) === withoutSize(nextUrl) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: pageTitle(matches, "Product not found") }];
  return productPageMeta(loaderData.product, loaderData.reviews, loaderData.origin, matches);
};

/** The size in the URL, or the one a size link is taking the page to (shown at once). */
function useSelectedSize(): string | null {
  const location = useLocation();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const next = navigation.location;
  if (next && next.pathname === location.pathname) {
    return new URLSearchParams(next.search).get("size");
  }
  return params.get("size");
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData;
  const selected = variantForSize(product.variants, useSelectedSize());

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 md:py-10">
      <Breadcrumbs
        items={[
          { label: "Home", to: "/" },
          { label: product.category.name, to: categoryPath(product.category.slug) },
          { label: product.title },
        ]}
      />
      <div className="mt-4 grid gap-6 md:mt-6 md:grid-cols-2 md:gap-10">
        <ProductGallery images={product.images} />

        <div className="flex flex-col gap-5">
          <div className="space-y-2">
            <ProductBadges badge={product.badge} isNew={product.isNew} />
            <h1 className="text-2xl leading-tight font-bold tracking-tight sm:text-3xl">
              {product.title}
            </h1>
            <p className="text-sm text-muted-foreground">
              {product.type}
              {product.brand ? ` · ${product.brand}` : null}
            </p>
            {/* From the same count as the Reviews section below, so the page never disagrees
                with itself. */}
            {reviews.summary.count > 0 ? (
              <a href="#reviews" className="inline-block hover:underline">
                <RatingStars rating={reviews.summary.average} reviewCount={reviews.summary.count} />
              </a>
            ) : null}
          </div>

          {selected ? (
            <section aria-label="Price and availability" aria-live="polite" className="space-y-1">
              <Price
                priceCents={selected.priceCents}
                originalPriceCents={selected.originalPriceCents}
                className="[&>span:first-child]:text-3xl"
              />
              <Availability available={selected.available} />
              <FreeDeliveryNote priceCents={selected.priceCents} />
            </section>
          ) : (
            <p className="text-sm text-muted-foreground">Ask us about prices and sizes.</p>
          )}

          {product.variants.length > 0 ? (
            <SizeLinks variants={product.variants} selectedId={selected?.id} />
          ) : null}

          <div className="grid gap-2 sm:grid-cols-2">
            {selected ? <AddToCartButton product={product} variant={selected} /> : null}
            <Link to="/contact" className={buttonVariants({ variant: "outline" })}>
              Contact Us
            </Link>
          </div>

          <LaybyAndDelivery laybyText={product.laybyText} deliveryText={product.deliveryText} />

          {product.description ? (
            <section aria-labelledby="description-heading" className="space-y-2">
              <h2 id="description-heading" className="text-lg font-semibold">
                Description
              </h2>
              <p className="leading-relaxed text-muted-foreground">{product.description}</p>
            </section>
          ) : null}
        </div>
      </div>
      <ProductReviews reviews={reviews} />
    </div>
  );
}
