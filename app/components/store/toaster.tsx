import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { toasterMounted, toasterWanted } from "~/lib/notify";
import type { Theme } from "~/lib/theme";

const Sonner = lazy(() =>
  import("sonner").then((m) => ({
    default: function ShopToaster({ theme }: { theme: Theme }) {
      useEffect(toasterMounted, []);
      return (
        <m.Toaster
          theme={theme}
          position="top-right"
          visibleToasts={3}
          duration={4000}
          richColors
          closeButton
        />
      );
    },
  })),
);

/** sonner's toast area, following the visitor's theme; loaded with the first toast. */
export function Toaster() {
  const root = useRouteLoaderData<{ theme: Theme }>("root");
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Sonner theme={root?.theme ?? "system"} />
    </Suspense>
  );
}
