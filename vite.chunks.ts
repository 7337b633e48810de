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
 *   the small pieces most storefront pages share (`components/ui`, page metadata, media URLs).
 *   The back office loads it too, for the primitives and toasts it shares; it is cached. The
 *   catalogue's card rules (sizes, prices, stock words) and the consultation link (its dialog
 *   is loaded on demand) join it: the cart, product, listing and home pages need the first,
 *   home and listings the second, and alone each was a file of under 700 bytes (and its
 *   response headers) on those pages.
 * - everything else (a page's own sections, dialogs loaded on demand) as the bundler splits it.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

const ROUTES = path.resolve("app/routes");
const STORE_LAYOUT = path.join(ROUTES, "store", "layout.tsx");
const STORE_ROUTES = path.join(ROUTES, "store");
const SHARED =
  /app[\\/](components[\\/]ui[\\/]|lib[\\/](seo|media)\.ts$|domain[\\/]catalog[\\/]product-card\.ts$|components[\\/]store[\\/]consultation-dialog\.tsx$)/;

type Reach = { storeLayout: boolean; anyStoreRoute: boolean };

export function chunkingFor() {
  const reachCache = new Map<string, Reach>();

  /** Whether the store layout, and any storefront route, reach `id` through static imports. */
  function reachOf(id: string, ctx: ChunkingContext): Reach {
    const cached = reachCache.get(id);
    if (cached) return cached;
    const reach = { storeLayout: false, anyStoreRoute: false };
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      if (current === STORE_LAYOUT) reach.storeLayout = true;
      if (current.startsWith(STORE_ROUTES + path.sep)) reach.anyStoreRoute = true;
      for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        stack.push(importer);
      }
    }
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
          return SHARED.test(id) && reach.anyStoreRoute ? "store" : null;
        },
      },
    ],
  };
}
