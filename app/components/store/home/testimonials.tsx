import { Icon } from "~/components/store/icon";
import { useRef } from "react";
import { Link } from "react-router";
import { RatingStars } from "~/components/store/product-card";
import { VerifiedBuyer } from "~/components/store/product-detail/reviews/verified-buyer";
import type { HomeClaims } from "~/domain/reviews/home-claims.server";
import { formatCount } from "~/lib/numbers";
import { SectionHeading } from "./section-heading";

/**
 * Published reviews the owner chose to feature, newest first, in a scroll-snap row that starts
 * on the first story, centred; swiping works without JavaScript, and the buttons move one story
 * at a time. No featured review, no section.
 */
export function Testimonials({ claims }: { claims: HomeClaims }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const stories = claims.stories;

  function step(direction: 1 | -1) {
    const track = trackRef.current;
    const card = track?.querySelector("li");
    if (!track || !card) return;
    const gap = parseFloat(getComputedStyle(track).columnGap) || 0;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    track.scrollBy({
      left: direction * (card.offsetWidth + gap),
      behavior: reduce ? "auto" : "smooth",
    });
  }

  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="stories-title" className="overflow-hidden bg-muted/60 py-12">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="stories-title" title="Customer Stories">
          {claims.reviewCount > 0
            ? `Rated ${claims.averageRating.toFixed(1)} out of 5 from ${formatCount(claims.reviewCount)} ${claims.reviewCount === 1 ? "review" : "reviews"} by our shoppers.`
            : null}
        </SectionHeading>
      </div>
      <ul
        ref={trackRef}
        id="stories-track"
        // A scrollable region a keyboard can reach: focused, the arrow keys scroll it.
        tabIndex={0}
        aria-roledescription="carousel"
        aria-labelledby="stories-title"
        className="relative flex snap-x snap-mandatory gap-4 overflow-x-auto px-[7.5%] pb-4 [scrollbar-width:none] sm:px-[20%] lg:px-[30%] [&::-webkit-scrollbar]:hidden"
      >
        {stories.map((t, i) => (
          <li
            key={t.id}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${stories.length}`}
            data-reveal
            className="w-full shrink-0 snap-center"
          >
            <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
              <Icon name="quote" className="size-7 text-primary/30" />
              <RatingStars rating={t.rating} className="mt-2" />
              {t.title ? <p className="mt-3 font-semibold">{t.title}</p> : null}
              <blockquote className="mt-2 flex-1 leading-relaxed">{t.body}</blockquote>
              <figcaption className="mt-4 border-t pt-4 text-sm">
                <span className="flex flex-wrap items-center gap-x-2 font-semibold">
                  {t.displayName}
                  {t.verifiedBuyer ? <VerifiedBuyer /> : null}
                </span>
                <span className="block text-muted-foreground">
                  On the{" "}
                  <Link
                    to={`/products/${t.productSlug}`}
                    className="underline hover:text-foreground"
                  >
                    {t.productTitle}
                  </Link>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-center gap-3">
        <button
          type="button"
          aria-controls="stories-track"
          aria-label="Previous story"
          onClick={() => step(-1)}
          className="grid size-10 place-items-center rounded-full border bg-background hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Icon name="chevron-left" className="size-5" />
        </button>
        <button
          type="button"
          aria-controls="stories-track"
          aria-label="Next story"
          onClick={() => step(1)}
          className="grid size-10 place-items-center rounded-full border bg-background hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <Icon name="chevron-right" className="size-5" />
        </button>
      </div>
    </section>
  );
}
