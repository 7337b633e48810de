import path from "node:path";
import type { ChunkingContext } from "rolldown";

/**
 * How the browser build groups modules into files (docs/decisions/011).
 *
 * Left to itself the bundler gives every set of routes that shares a module a chunk of its own:
 * a storefront page loaded 40-45 files, most under 1 KB, and each file compresses on its own
 * (no shared dictionary) and costs a request. Instead:
 *
 * - `framework`: React, React DOM and React Router, which every page needs.
 * - `store`: what the store layout needs (header, footer, cart badge, toasts, chat button) and
 *   what most storefront pages share (buttons, badges, cards, page metadata). Modules the back
 *   office or the sign-in pages use as well keep the bundler's own split, so staff pages do not
 *   load the storefront.
 * - everything else (a page's own sections, dialogs loaded on demand) as the bundler splits it.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

const ROUTES = path.resolve("app/routes");
const STORE_LAYOUT = path.join(ROUTES, "store", "layout.tsx");
const STORE_ROUTES = path.join(ROUTES, "store");
const SHARED = /app[\\/](components[\\/]ui[\\/]|lib[\\/](seo|media)\.ts$)/;

type Reach = { storeLayout: boolean; storeRoutes: number; otherRoutes: number };

export function chunkingFor() {
  const reachCache = new Map<string, Reach>();

  /** Which route modules reach `id` through static imports. */
  function reachOf(id: string, ctx: ChunkingContext): Reach {
    const cached = reachCache.get(id);
    if (cached) return cached;
    const routes = new Set<string>();
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      if (current.startsWith(ROUTES + path.sep)) routes.add(current);
      for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        stack.push(importer);
      }
    }
    const store = [...routes].filter((route) => route.startsWith(STORE_ROUTES + path.sep));
    const reach = {
      storeLayout: routes.has(STORE_LAYOUT),
      storeRoutes: store.length,
      otherRoutes: routes.size - store.length,
    };
    reachCache.set(id, reach);
    return reach;
  }

  return {
    groups: [
      {
        name(id: string, ctx: ChunkingContext): string | null {
          if (FRAMEWORK.test(id)) return "framework";
          if (id.startsWith(ROUTES + path.sep)) return null;
          const reach = reachOf(id, ctx);
          if (reach.storeLayout) return "store";
          return SHARED.test(id) && reach.storeRoutes > 0 ? "store" : null;
        },
      },
    ],
  };
}
