import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False while the page is server-rendered or hydrating, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
