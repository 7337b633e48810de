import { Icon } from "~/components/store/icon";
import { useRef } from "react";
import { RatingStars } from "~/components/store/product-card";
import { SectionHeading } from "./section-heading";

type Testimonial = {
  name: string;
  location: string;
  rating: number;
  text: string;
  purchase: string;
  verified: boolean;
};

const TESTIMONIALS: Testimonial[] = [
  {
    name: "Thandi M.",
    location: "Rustenburg",
    rating: 5,
    text: "We took our queen spring bed on lay-by and the staff made it so easy. It arrived the week we paid it off and I sleep right through the night now.",
    purchase: "Queen Spring Bed",
    verified: true,
  },
  {
    name: "Johan van der Merwe",
    location: "Potchefstroom",
    rating: 5,
    text: "Half the price I was quoted elsewhere, and they delivered and set everything up. My back has never felt better in the mornings.",
    purchase: "Double Foam Bed",
    verified: true,
  },
  {
    name: "Lerato K.",
    location: "Mahikeng",
    rating: 5,
    text: "The free consultation helped us choose between foam and spring. Friendly, honest advice with no pressure at all.",
    purchase: "Memory Foam Mattress",
    verified: true,
  },
  {
    name: "Pieter S.",
    location: "Klerksdorp",
    rating: 4,
    text: "Good quality bed at a fair price. Delivery took a day longer than planned, but they phoned ahead to let me know.",
    purchase: "Queen Foam Bed",
    verified: true,
  },
  {
    name: "Nomsa D.",
    location: "Brits",
    rating: 5,
    text: "Bought a bed, mattress and bedding set for my daughter's room. The bedroom set deal saved us a lot. Highly recommended!",
    purchase: "Bedroom Set",
    verified: true,
  },
];

/**
 * A scroll-snap row that starts on the first story, centred; swiping works without JavaScript,
 * and the buttons move one story at a time.
 */
export function Testimonials() {
  const trackRef = useRef<HTMLUListElement>(null);

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

  return (
    <section aria-labelledby="stories-title" className="overflow-hidden bg-muted/60 py-12">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="stories-title" title="Customer Stories">
          Rated 5 stars from 2000+ reviews across the North West.
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
        {TESTIMONIALS.map((t, i) => (
          <li
            key={t.name}
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${TESTIMONIALS.length}`}
            data-reveal
            className="w-full shrink-0 snap-center"
          >
            <figure className="flex h-full flex-col rounded-xl border bg-card p-6 shadow-sm">
              <Icon name="quote" className="size-7 text-primary/30" />
              <RatingStars rating={t.rating} className="mt-2" />
              <blockquote className="mt-3 flex-1 leading-relaxed">{t.text}</blockquote>
              <figcaption className="mt-4 border-t pt-4 text-sm">
                <span className="flex flex-wrap items-center gap-x-2 font-semibold">
                  {t.name}
                  {t.verified ? (
                    <span className="inline-flex items-center gap-1 text-xs font-medium text-green-700 dark:text-green-400">
                      <Icon name="badge-check" className="size-4" /> Verified purchase
                    </span>
                  ) : null}
                </span>
                <span className="block text-muted-foreground">
                  {t.location} · Bought a {t.purchase}
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
