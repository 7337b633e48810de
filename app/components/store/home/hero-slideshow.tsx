import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { ConsultationLink } from "~/components/store/consultation-dialog";
import { ResponsiveImage } from "~/components/store/responsive-image";
import { useStoreSettings } from "~/components/store/use-store-settings";
import { buttonBase, buttonVariants } from "~/components/ui/button";
import { SHOWROOM_SLIDES, SITE_IMAGE_SIZE } from "~/lib/site-images";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

export const HERO_INTERVAL_MS = 5000;

const SLIDES = SHOWROOM_SLIDES;

/**
 * The showroom slides as a scroll-snap track: swiping works before any JavaScript, which adds
 * the buttons' behaviour and the automatic advance (paused on hover, focus and reduced motion).
 */
export function HeroSlideshow() {
  const { storeName, town } = useStoreSettings();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const paused = hovered || focused || reducedMotion;

  // While a button scrolls the track, the passing positions are not slides the visitor chose.
  const scrollTarget = useRef<number | null>(null);

  function goTo(index: number) {
    const track = trackRef.current;
    if (!track) return;
    const next = (index + SLIDES.length) % SLIDES.length;
    scrollTarget.current = next;
    track.scrollTo({ left: next * track.clientWidth, behavior: reducedMotion ? "auto" : "smooth" });
    setActive(next);
  }

  const advance = useEffectEvent(() => goTo(active + 1));
  useEffect(() => {
    // Restarts whenever the slide changes, so a slide chosen by hand also gets its full time.
    if (paused) return;
    const timer = window.setTimeout(advance, HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [active, paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`${storeName} showroom`}
      className="relative h-[30rem] overflow-hidden bg-slate-900 sm:h-[34rem] lg:h-[38rem]"
      onPointerEnter={(e) => e.pointerType === "mouse" && setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={trackRef}
        id="hero-slides"
        // A scrollable region a keyboard can reach: focused, the arrow keys scroll it.
        tabIndex={0}
        role="region"
        aria-label="Showroom pictures"
        aria-live={paused ? "polite" : "off"}
        className="flex h-full snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        onPointerDown={() => (scrollTarget.current = null)}
        onScroll={(e) => {
          const track = e.currentTarget;
          const index = Math.round(track.scrollLeft / track.clientWidth);
          if (scrollTarget.current !== null) {
            if (index === scrollTarget.current) scrollTarget.current = null;
            return;
          }
          if (index !== active && index >= 0 && index < SLIDES.length) setActive(index);
        }}
      >
        {SLIDES.map((slide, i) => (
          <div
            key={slide.key}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${SLIDES.length}`}
            className="relative h-full w-full shrink-0 snap-start"
          >
            <ResponsiveImage
              mediaKey={slide.key}
              alt={slide.alt}
              width={SITE_IMAGE_SIZE.width}
              height={SITE_IMAGE_SIZE.height}
              sizes="100vw"
              priority={i === 0}
              className="size-full object-cover"
            />
          </div>
        ))}
      </div>

      {/* The words sit over every slide; pointer events pass through them to the track. */}
      <div className="pointer-events-none absolute inset-0 bg-gradient-to-r from-black/75 via-black/45 to-black/10" />
      <div className="pointer-events-none absolute inset-0 flex items-center">
        <div className="mx-auto w-full max-w-7xl px-4 sm:px-16">
          <div className="max-w-xl text-white">
            <p className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground">
              Save up to R15,000
            </p>
            <h1 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
              Sleep better with 50% off all beds
            </h1>
            <p className="mt-4 text-base text-white/90 sm:text-lg">
              Foam and spring beds, mattresses and bedding from {storeName} in {town}. Free delivery
              in {town} and surrounds, lay-by, and 3 years interest-free credit.
            </p>
            <div className="pointer-events-auto mt-6 flex flex-wrap gap-3">
              <Link to="/products" className={buttonVariants({ variant: "accent", size: "lg" })}>
                Shop Now
              </Link>
              <a
                href="#featured-products"
                className={buttonVariants({
                  variant: "outline",
                  size: "lg",
                  className: "border-white/70 bg-white/10 text-white hover:bg-white/20",
                })}
              >
                View Sale Items
              </a>
              <ConsultationLink
                className={`inline-flex shrink-0 ${buttonBase} h-12 px-0 text-base text-white underline underline-offset-4 hover:underline sm:px-2`}
              >
                Book Free Consultation
              </ConsultationLink>
            </div>
          </div>
        </div>
      </div>

      <button
        type="button"
        aria-controls="hero-slides"
        aria-label="Previous slide"
        onClick={() => goTo(active - 1)}
        className="absolute top-1/2 left-2 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:grid"
      >
        <Icon name="chevron-left" className="size-6" />
      </button>
      <button
        type="button"
        aria-controls="hero-slides"
        aria-label="Next slide"
        onClick={() => goTo(active + 1)}
        className="absolute top-1/2 right-2 hidden size-10 -translate-y-1/2 place-items-center rounded-full bg-black/40 text-white hover:bg-black/60 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:grid"
      >
        <Icon name="chevron-right" className="size-6" />
      </button>
      <div className="absolute inset-x-0 bottom-4 flex justify-center gap-1">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            aria-controls="hero-slides"
            aria-label={`Go to slide ${i + 1}`}
            aria-current={i === active ? "true" : undefined}
            onClick={() => goTo(i)}
            className="group grid size-6 place-items-center focus-visible:outline-none"
          >
            <span
              className={clsx(
                "block h-2 rounded-full transition-[width,background-color] group-focus-visible:ring-2 group-focus-visible:ring-white",
                i === active ? "w-6 bg-white" : "w-2 bg-white/60",
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
