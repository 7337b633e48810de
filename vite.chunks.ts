import path from "node:path";
import type { ChunkingContext } from "rolldown";

/**
 * How the browser build groups modules into files (docs/decisions/011).
 *
 * Left to itself the bundler gives every set of routes that shares a module a chunk of its own:
 * a storefront page loaded 40-45 files, most under 1 KB, and each file compresses on its own
 * (no shared dictionary) and costs a request. Instead, in this order (a group takes what a
 * module it holds imports, unless an earlier group holds it already):
 *
 * - `framework`: React, React DOM and React Router, which every page needs.
 * - `store`: what the root and the store layout need (the theme, header, footer, cart badge,
 *   toasts, chat button) and the small pieces most storefront pages share (`components/ui`, page
 *   metadata, media URLs, the responsive picture, the verified-buyer badge). The back office
 *   loads it too, for the primitives and toasts it shares; it is cached. The catalogue's card
 *   rules (sizes, prices, stock words) and the consultation link (its dialog is loaded on
 *   demand) join it: the cart, product, listing and home pages need the first, home and
 *   listings the second, and alone each was a file of under 700 bytes (and its response
 *   headers) on those pages.
 * - `product-card`: the card and what only it needs (home, listings, product page).
 * - `listing`: what only the four listing pages need, with the listing's URL rules (which the
 *   back office's product form reads its filter options from, and so loads too).
 * - everything else (a page's own sections, dialogs loaded on demand) as the bundler splits it.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;

const ROUTES = path.resolve("app/routes");
const ROOT = path.resolve("app/root.tsx");
const STORE_LAYOUT = path.join(ROUTES, "store", "layout.tsx");
const STORE_ROUTES = path.join(ROUTES, "store");
const SHARED =
  /app[\\/](components[\\/]ui[\\/]|lib[\\/](seo|media)\.ts$|domain[\\/]catalog[\\/]product-card\.ts$|components[\\/]store[\\/](consultation-dialog|responsive-image|product-detail[\\/]reviews[\\/]verified-buyer)\.tsx$)/;
/** The style sheet stays the root's own file (`root-*.css`), as React Router links it. */
const STYLES = /\.css($|\?)/;
const PRODUCT_CARD = /app[\\/]components[\\/]store[\\/]product-card\.tsx$/;
const LISTING_ROUTES = new Set(
  ["products", "mattresses", "beds", "bedding"].map((name) =>
    path.join(STORE_ROUTES, `${name}.tsx`),
  ),
);

type Reach = { root: boolean; storeLayout: boolean; storeRoutes: Set<string> };

export function chunkingFor() {
  const reachCache = new Map<string, Reach>();

  /** Whether the root and the store layout reach `id` through static imports, and which storefront routes do. */
  function reachOf(id: string, ctx: ChunkingContext): Reach {
    const cached = reachCache.get(id);
    if (cached) return cached;
    const reach: Reach = { root: false, storeLayout: false, storeRoutes: new Set() };
    const seen = new Set<string>([id]);
    const stack = [id];
    while (stack.length) {
      const current = stack.pop()!;
      if (current === ROOT) reach.root = true;
      if (current === STORE_LAYOUT) reach.storeLayout = true;
      // A route's module is also asked for with a query (React Router's client part of it).
      if (current.startsWith(STORE_ROUTES + path.sep)) {
        reach.storeRoutes.add(current.split("?")[0]!);
      }
      for (const importer of ctx.getModuleInfo(current)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        stack.push(importer);
      }
    }
    reachCache.set(id, reach);
    return reach;
  }

  /** A script of the app (not a route's own file, not the style sheet) and what reaches it, or null. */
  const appModule = (id: string, ctx: ChunkingContext) =>
    id === ROOT || id.startsWith(ROUTES + path.sep) || STYLES.test(id) ? null : reachOf(id, ctx);

  return {
    groups: [
      {
        priority: 3,
        name(id: string, ctx: ChunkingContext): string | null {
          if (FRAMEWORK.test(id)) return "framework";
          const reach = appModule(id, ctx);
          if (!reach) return null;
          if (reach.root || reach.storeLayout) return "store";
          return SHARED.test(id) && reach.storeRoutes.size > 0 ? "store" : null;
        },
      },
      {
        priority: 2,
        name: (id: string) => (PRODUCT_CARD.test(id) ? "product-card" : null),
      },
      {
        priority: 1,
        name(id: string, ctx: ChunkingContext): string | null {
          const routes = [...(appModule(id, ctx)?.storeRoutes ?? [])];
          return routes.length > 0 && routes.every((route) => LISTING_ROUTES.has(route))
            ? "listing"
            : null;
        },
      },
    ],
  };
}
