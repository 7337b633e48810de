import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { Suspense } from "react";
import { Link } from "react-router";
import { ProductCard } from "~/components/store/product-card";
import type { ProductCardData } from "~/domain/catalog/product-card";
import { formatCount } from "~/lib/numbers";
import { describeListing, droppedWords } from "./listing-description";
import { buttonClasses } from "~/components/ui/button";
import { useListing } from "./listing-context";

const CARDS_PER_RUN = 4;

function runsOf<T>(items: T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    runs.push(items.slice(start, start + size));
  return runs;
}

/** The cards so far; the first row's images load first, as they hold the page's largest paint. */
export function ProductGrid({ wide }: { wide: boolean }) {
  const { result, nearest, pending, query, applied } = useListing();
  // A new search or filter dims the old list; Load More leaves it as it is.
  const replacing = pending && query.page <= applied.page;
  if (result.products.length === 0) {
    return nearest ? <NearestResults wide={wide} busy={replacing} /> : <EmptyState />;
  }
  return <CardList products={result.products} wide={wide} busy={replacing} />;
}

function CardList({
  products,
  wide,
  busy,
}: {
  products: ProductCardData[];
  wide: boolean;
  busy: boolean;
}) {
  return (
    <ul
      aria-busy={busy}
      className={clsx(
        "grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 sm:gap-4",
        wide ? "lg:grid-cols-4" : "lg:grid-cols-3",
        busy && "opacity-60",
      )}
    >
      {/* Each run of cards hydrates on its own (a Suspense boundary the server filled), so a
          phone's start-up is several short tasks instead of one long one. */}
      {runsOf(products, CARDS_PER_RUN).map((run, r) => (
        <Suspense key={r}>
          {run.map((product, i) => (
            <li key={product.id} className="flex">
              <ProductCard
                product={product}
                priority={r * CARDS_PER_RUN + i < 2}
                sizes={
                  wide
                    ? "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                    : "(min-width: 1280px) 320px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                }
                className="w-full"
              />
            </li>
          ))}
        </Suspense>
      ))}
    </ul>
  );
}

/**
 * Nothing matched: the nearest listing that finds something, saying what it leaves out, with
 * a link to it (where its filters can be changed) and the chips above to undo the rest.
 */
function NearestResults({ wide, busy }: { wide: boolean; busy: boolean }) {
  const { applied, nearest, href } = useListing();
  if (!nearest) return null;
  const { total, products } = nearest.result;
  return (
    <section aria-labelledby="nearest-heading">
      <div className="mb-4 rounded-xl border border-dashed px-4 py-4">
        <h3 id="nearest-heading" className="font-semibold">
          No {describeListing(applied)}.
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Showing {describeListing(nearest.query)} instead, without{" "}
          {droppedWords(applied, nearest.dropped)}.
        </p>
        <Link
          to={href(nearest.query)}
          className="mt-2 inline-block text-sm font-medium text-primary underline underline-offset-4"
        >
          See all {formatCount(total)} {total === 1 ? "product" : "products"}
        </Link>
      </div>
      <CardList products={products} wide={wide} busy={busy} />
    </section>
  );
}

/** Shown while more products match than are listed: a link to one page more. */
export function LoadMore() {
  const { config, result, applied, query, pending, href } = useListing();
  if (result.products.length >= result.total) return null;
  const loading = pending && query.page > applied.page;
  return (
    <div className="mt-8 flex flex-col items-center gap-2">
      <p className="text-sm text-muted-foreground">
        {result.products.length} of {result.total} shown
      </p>
      <Link
        to={href({ ...applied, page: applied.page + 1 })}
        preventScrollReset
        aria-disabled={loading || undefined}
        className={clsx(buttonClasses({ variant: "outline", size: "lg" }), "min-w-60")}
      >
        {loading ? "Loading..." : config.loadMoreLabel}
      </Link>
    </div>
  );
}

function EmptyState() {
  const { applied, href } = useListing();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed px-4 py-12 text-center">
      <Icon name="package-search" className="size-10 text-muted-foreground" />
      <h3 className="mt-3 text-lg font-semibold">No products found</h3>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Try another spelling, fewer filters or a wider price range.
      </p>
      <Link
        to={href({ ...applied, q: "", selections: {}, price: null, page: 1 })}
        className={clsx(buttonClasses(), "mt-5")}
      >
        Clear search and filters
      </Link>
    </div>
  );
}
