import { useRouteLoaderData } from "react-router";
import { Toaster as Sonner } from "sonner";
import type { Theme } from "~/lib/theme";

/** sonner's toast area, following the visitor's light, dark or system theme. */
export function Toaster() {
  const root = useRouteLoaderData<{ theme: Theme }>("root");
  return (
    <Sonner
      theme={root?.theme ?? "system"}
      position="top-right"
      visibleToasts={3}
      duration={4000}
      richColors
      closeButton
    />
  );
}
