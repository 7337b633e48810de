import { useEffect } from "react";
import { useRevalidator } from "react-router";

/** Reloads the page's data every `ms` while the tab is visible (new orders appear by themselves). */
export function usePoll(ms: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") {
        void revalidator.revalidate();
      }
    }, ms);
    return () => window.clearInterval(timer);
  }, [ms, revalidator]);
}
