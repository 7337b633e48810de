import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { ProductCard } from "~/components/store/product-card";
import type { ProductCardData } from "~/domain/catalog/product-card";
import { SectionHeading } from "./section-heading";

/** The sale section "View Sale Items" scrolls to: the foam and the spring bed ranges. */
export function FeaturedRanges({
  foamBeds,
  springBeds,
}: {
  foamBeds: ProductCardData[];
  springBeds: ProductCardData[];
}) {
  return (
    <section
      id="featured-products"
      aria-labelledby="featured-title"
      className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12"
    >
      {/* A deep red in both themes: the dark theme's lighter destructive red is for text on a
          dark background, and white on it falls short of 4.5:1. */}
      <p className="mx-auto mb-3 w-fit rounded-full bg-red-700 px-3 py-1 text-sm font-semibold text-white">
        Save up to R15,000
      </p>
      <SectionHeading id="featured-title" title="50% Off All Beds">
        Every foam and spring bed in Double and Queen, at half price while stocks last.
      </SectionHeading>
      <ProductRange id="foam-beds" title="Foam Beds" products={foamBeds} />
      <ProductRange id="spring-beds" title="Spring Beds" products={springBeds} className="mt-10" />
    </section>
  );
}

/**
 * One range: a row to swipe through on phones (so ten beds do not make a very long page),
 * a grid on wide screens.
 */
export function ProductRange({
  id,
  title,
  products,
  className,
}: {
  id: string;
  title: string;
  products: ProductCardData[];
  className?: string;
}) {
  return (
    <div className={className}>
      <div className="mb-4 flex items-end justify-between gap-4">
        <h3 id={`${id}-title`} className="text-xl font-bold">
          {title}
        </h3>
        <Link
          to="/beds"
          className="flex items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          Shop all beds <Icon name="arrow-right" className="size-4" />
        </Link>
      </div>
      {products.length > 0 ? (
        // `relative`: the cards' screen-reader-only texts are positioned; without a containing
        // block inside the scroller they escape its clipping and widen the page on phones
        // (the layout viewport grew to 1648 px and the chat button left the screen).
        <ul
          aria-labelledby={`${id}-title`}
          className="relative -mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 sm:gap-4 lg:mx-0 lg:grid lg:grid-cols-5 lg:overflow-visible lg:px-0 lg:pb-0"
        >
          {products.map((product) => (
            <li
              key={product.id}
              data-reveal
              className="flex w-[70%] shrink-0 snap-start sm:w-[40%] md:w-[30%] lg:w-auto"
            >
              <ProductCard
                product={product}
                titleAs="h4"
                sizes="(min-width: 1024px) 20vw, (min-width: 768px) 30vw, (min-width: 640px) 40vw, 70vw"
                className="w-full"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">New stock is on its way.</p>
      )}
    </div>
  );
}
