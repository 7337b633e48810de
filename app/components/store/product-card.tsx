import { clsx } from "clsx";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { SIZE_LABELS, type ProductCardData } from "~/domain/catalog/product-card";
import { formatMoney, percentOff } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import { toggleWishlist, useIsWishlisted } from "~/lib/wishlist";
import { ResponsiveImage } from "./responsive-image";
import { Icon } from "./icon";

// The dialog's code is fetched only when a shopper first opens (or reaches for) a quick view.
const loadQuickView = () => import("./product-quick-view");
const ProductQuickView = lazy(() => loadQuickView().then((m) => ({ default: m.ProductQuickView })));

export function ProductCard({
  product,
  priority = false,
  sizes = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw",
  titleAs: Title = "h3",
  className,
}: {
  product: ProductCardData;
  /** Preload the image and load it at once (for the first card a visitor sees). */
  priority?: boolean;
  sizes?: string;
  /** The title's heading level, to fit the page's outline. */
  titleAs?: "h2" | "h3" | "h4";
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  const viewButtonRef = useRef<HTMLButtonElement>(null);
  const first = product.variants[0];

  return (
    <article
      className={clsx(
        "flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md",
        className,
      )}
    >
      <div className="relative aspect-[4/3] bg-muted">
        {product.image ? (
          <ResponsiveImage
            mediaKey={product.image.mediaKey}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            sizes={sizes}
            priority={priority}
            className="size-full object-cover"
          />
        ) : null}
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1">
          {product.badge ? <Badge variant="accent">{product.badge}</Badge> : null}
          {product.isNew ? <Badge>NEW</Badge> : null}
        </div>
        <WishlistButton
          slug={product.slug}
          title={product.title}
          className="absolute top-2 right-2"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <p className="text-xs text-muted-foreground">{product.type}</p>
        <Title className="leading-snug font-semibold">
          <Link to={`/products/${product.slug}`} className="hover:text-primary hover:underline">
            {product.title}
          </Link>
        </Title>
        {product.reviewCount > 0 ? (
          <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
        ) : null}
        {first ? (
          <Price priceCents={first.priceCents} originalPriceCents={first.originalPriceCents} />
        ) : null}
        {product.variants.length > 0 ? (
          <p className="text-xs text-muted-foreground">
            <span className="sr-only">Sizes: </span>
            {product.variants.map((v) => SIZE_LABELS[v.size]).join(" · ")}
          </p>
        ) : null}
        {/* A plain button with the outline button's look: a listing has 24 of them, and the
            shared button's class list (icon rules included) doubled each one's markup. */}
        <button
          type="button"
          className="mt-auto inline-flex h-8 w-full items-center justify-center rounded-md border border-input bg-background px-3 text-xs font-medium whitespace-nowrap transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          ref={viewButtonRef}
          aria-haspopup="dialog"
          onPointerEnter={() => void loadQuickView()}
          onFocus={() => void loadQuickView()}
          onClick={() => {
            setDialogWanted(true);
            setOpen(true);
          }}
        >
          View<span className="sr-only"> {product.title}</span>
        </button>
      </div>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ProductQuickView
            product={product}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={viewButtonRef}
          />
        </Suspense>
      ) : null}
    </article>
  );
}

export function Price({
  priceCents,
  originalPriceCents,
  className,
}: {
  priceCents: number;
  originalPriceCents: number | null;
  className?: string;
}) {
  const off = percentOff(priceCents, originalPriceCents);
  return (
    <p className={clsx("flex flex-wrap items-baseline gap-x-2", className)}>
      <span className="text-lg font-bold text-primary">{formatMoney(priceCents)}</span>
      {off > 0 && originalPriceCents ? (
        <>
          <s className="text-sm text-muted-foreground">
            <span className="sr-only">was </span>
            {formatMoney(originalPriceCents)}
          </s>
          {/* The dark theme's red is lifted for small text on a dark card (4.5:1). */}
          <span className="text-xs font-semibold text-destructive dark:text-red-400">
            {off}% off
          </span>
        </>
      ) : null}
    </p>
  );
}

/**
 * Stars drawn as text, partly filled to the rating: light enough to show on every card. A
 * product's stars show only with published reviews behind them: given a count of none, it
 * draws nothing.
 */
export function RatingStars({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount?: number;
  className?: string;
}) {
  if (reviewCount === 0) return null;
  const filled = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <p className={clsx("flex items-center gap-1.5 text-sm", className)}>
      <span
        aria-hidden
        className="relative inline-block leading-none tracking-wide text-muted-foreground/30"
      >
        ★★★★★
        <span
          className="absolute inset-0 overflow-hidden text-accent"
          style={{ width: `${filled}%` }}
        >
          ★★★★★
        </span>
      </span>
      <span className="sr-only">Rated {rating} out of 5</span>
      {reviewCount !== undefined ? (
        <span className="text-xs text-muted-foreground">
          {rating.toFixed(1)} ({formatCount(reviewCount)}
          <span className="sr-only"> {reviewCount === 1 ? "review" : "reviews"}</span>)
        </span>
      ) : null}
    </p>
  );
}

function WishlistButton({
  slug,
  title,
  className,
}: {
  slug: string;
  title: string;
  className?: string;
}) {
  const saved = useIsWishlisted(slug);
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${title} from wishlist` : `Add ${title} to wishlist`}
      onClick={() => toggleWishlist(slug)}
      className={clsx(
        "grid size-9 place-items-center rounded-full bg-background/90 shadow-sm transition-colors hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      <Icon
        name="heart"
        className={clsx(
          "size-5",
          saved ? "fill-destructive text-destructive" : "text-foreground/70",
        )}
      />
    </button>
  );
}
