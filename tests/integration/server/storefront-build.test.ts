import { describe, expect, it, vi } from "vitest";
import {
  MANIFEST_PATH,
  servesBackOffice,
  withoutBackOffice,
} from "../../../server/storefront-build";
import { addresses, matchedRoutes, shopBuild } from "./shop-routes";

describe("the storefront's route table", () => {
  it("holds every route but the back office's, in the server routes and the client manifest", () => {
    const whole = shopBuild();
    const storefront = withoutBackOffice(whole);
    const kept = Object.keys(storefront.routes);
    const left = Object.keys(whole.routes).filter((id) => !kept.includes(id));
    expect(left.length).toBeGreaterThan(50);
    expect(left.every((id) => id.startsWith("routes/admin/"))).toBe(true);
    expect(Object.keys(whole.routes).filter((id) => id.startsWith("routes/admin/"))).toEqual(left);
    expect(kept).toContain("routes/store/products");
    expect(kept).toContain("routes/auth/admin-login");
    expect(Object.keys(storefront.assets.routes)).toEqual(kept);
  });

  it("matches every address it answers to the route the whole table does", () => {
    const whole = shopBuild();
    const storefront = withoutBackOffice(whole);
    // React Router warns of each address it cannot decode (%ZZ): expected here.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const paths = addresses(whole).flatMap((path) => [path, path.replace(/a/g, "%61")]);
    let answered = 0;
    for (const path of paths) {
      if (servesBackOffice(path)) continue;
      answered++;
      expect([path, matchedRoutes(storefront, path)]).toEqual([path, matchedRoutes(whole, path)]);
    }
    expect(answered).toBeGreaterThan(500);
  });

  it("leaves the back office and the manifest of routes to the whole table", () => {
    const whole = shopBuild();
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const path of addresses(whole)) {
      const backOffice = matchedRoutes(whole, path)?.some((m) => m.id.startsWith("routes/admin/"));
      if (backOffice) expect([path, servesBackOffice(path)]).toEqual([path, true]);
    }
    for (const path of ["/admin", "/ADMIN/Orders", "/%61dmin/orders", "/admin.data", "/%ZZ/admin"])
      expect([path, servesBackOffice(path)]).toEqual([path, true]);
    expect(servesBackOffice(MANIFEST_PATH)).toBe(true);
    expect(servesBackOffice("/products")).toBe(false);
    expect(servesBackOffice("/products/queen-bed.data")).toBe(false);
  });
});
