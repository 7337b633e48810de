import { useEffect, useRef } from "react";

const STAGGER_MS = 90;
const MAX_STAGGER_STEPS = 6;

/**
 * Fades in the elements marked `data-reveal` inside the returned ref's element as they scroll
 * into view, those arriving together one after another.
 *
 * The server renders them visible: only once this runs are the ones still out of view given the
 * `reveal` class (which hides them) and watched. A slow script or none never hides content, and
 * what is already on screen does not blink.
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root || !("IntersectionObserver" in window)) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;

    const observer = new IntersectionObserver(
      (entries) => {
        let step = 0;
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const item = entry.target as HTMLElement;
          observer.unobserve(item);
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

    const items = root.querySelectorAll<HTMLElement>("[data-reveal]:not([data-revealed='true'])");
    // Read every position first, then write, so the page is laid out once. Items hidden by an
    // earlier run of this effect (it may run twice) are watched again.
    const toWatch = Array.from(items).filter((item) => {
      if (item.classList.contains("reveal")) return true;
      const box = item.getBoundingClientRect();
      return box.top >= window.innerHeight || box.left >= window.innerWidth;
    });
    for (const item of toWatch) {
      item.classList.add("reveal");
      observer.observe(item);
    }
    return () => observer.disconnect();
  }, []);

  return ref;
}
