import { useEffect, useRef, useState } from "react";

/**
 * The width an element is given, in CSS pixels, kept up to date as the window or the layout
 * changes; `drawn` until it is measured (on the server and before hydration), so a chart drawn
 * for it is the same on both sides and then redrawn for its box, with text at its true size.
 */
export function useBoxWidth<E extends HTMLElement>(drawn: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(drawn);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
