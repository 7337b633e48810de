import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type {} from "./lib/deferred-scripts";

// React Router's default client entry; the boot script in the head learns that React now
// handles the page's clicks (see ~/lib/deferred-scripts).
if (window.__shopBoot) window.__shopBoot.hydrating = true;
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
