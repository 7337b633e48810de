import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { routePatterns } from "../../../server/route-pattern";
import { addresses, matchedRoutes, shopBuild } from "./shop-routes";

/** What the pattern was before it was compiled once: React Router's own `matchRoutes`. */
function byMatchRoutes(build: ServerBuild, page: string): string {
  const matches = matchedRoutes(build, page);
  if (!matches) return "unknown";
  const parts = matches.map((m) => m.path).filter((p): p is string => !!p);
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

describe("a request's route pattern", () => {
  it("is the pattern React Router's own matching gives, for every route and addresses around them", () => {
    const build = shopBuild();
    const pattern = routePatterns(() => build);
    const paths = addresses(build);
    // React Router warns of each address it cannot decode (%ZZ): expected here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(paths.length).toBeGreaterThan(500);
    for (const path of paths)
      expect([path, pattern(path)]).toEqual([path, byMatchRoutes(build, path)]);
  });

  it("names a data request by its page, and the server's own paths by theirs", () => {
    const build = shopBuild();
    const pattern = routePatterns(() => build);
    expect(pattern("/products/queen-bed.data")).toBe("/products/:slug");
    expect(pattern("/_root.data")).toBe("/");
    expect(pattern("/admin/orders/1042")).toBe("/admin/orders/:number");
    expect(pattern("/admin/orders/export")).toBe("/admin/orders/export");
    expect(pattern("/assets/entry-abc.js")).toBe("/assets/*");
    expect(pattern("/metrics")).toBe("/metrics");
    expect(pattern("/no/such/page")).toBe("/*");
  });

  it("is unknown before the app is built", () => {
    expect(routePatterns(() => undefined)("/products")).toBe("unknown");
  });
});
