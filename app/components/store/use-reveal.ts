import { useEffect, useRef } from "react";

const STAGGER_MS = 90;
const MAX_STAGGER_STEPS = 6;

/**
 * Fades in the elements marked `data-reveal` inside the returned ref's element as they scroll
 * into view, those arriving together one after another.
 *
 * The server renders them visible: only once this runs are the ones still out of view given the
 * `reveal` class (which hides them) and watched. A slow script or none never hides content, and
 * what is already on screen does not blink. Whether an item is in view comes from the observer's
 * first report, not from measuring: measuring would lay out the page's far sections, which the
 * browser otherwise skips until they near the screen (`render-when-near`).
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root || !("IntersectionObserver" in window)) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;

    // Fades in an item as it arrives.
    const arrival = new IntersectionObserver(
      (entries) => {
        let step = 0;
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const item = entry.target as HTMLElement;
          arrival.unobserve(item);
          item.style.transitionDelay = `${Math.min(step++, MAX_STAGGER_STEPS) * STAGGER_MS}ms`;
          // The delay is for the entrance only; hover effects later must not wait for it.
          const clearDelay = (event: TransitionEvent) => {
            if (event.target !== item) return;
            item.style.removeProperty("transition-delay");
            item.removeEventListener("transitionend", clearDelay);
          };
          item.addEventListener("transitionend", clearDelay);
          item.dataset.revealed = "true";
        }
      },
      { rootMargin: "0px 0px -40px 0px", threshold: 0.05 },
    );
    // Sorts the items once: what is wholly out of view is hidden until it arrives; anything
    // showing, even a sliver, stays as the server drew it.
    const firstLook = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const item = entry.target as HTMLElement;
        firstLook.unobserve(item);
        if (entry.isIntersecting) continue;
        item.classList.add("reveal");
        arrival.observe(item);
      }
    });

    for (const item of root.querySelectorAll<HTMLElement>(
      "[data-reveal]:not([data-revealed='true'])",
    )) {
      // Items hidden by an earlier run of this effect (it may run twice) are watched again.
      if (item.classList.contains("reveal")) arrival.observe(item);
      else firstLook.observe(item);
    }
    return () => {
      firstLook.disconnect();
      arrival.disconnect();
    };
  }, []);

  return ref;
}
