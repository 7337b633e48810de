import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import routes from "../../../app/routes";
import { routePatterns } from "../../../server/route-pattern";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/** The shop's route table as a build's manifest lists it (ids as React Router makes them). */
function shopBuild(): ServerBuild {
  const manifest: Record<string, ManifestRoute> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      add(entry.children ?? [], id);
    }
  };
  add(routes, "root");
  return { routes: manifest } as unknown as ServerBuild;
}

/** What the pattern was before it was compiled once: React Router's own `matchRoutes`. */
function byMatchRoutes(build: ServerBuild, page: string): string {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const list = children.get(r.parentId) ?? [];
    list.push({ id: r.id, path: r.path, index: r.index } as RouteObject);
    children.set(r.parentId, list);
  }
  const attach = (list: RouteObject[]): RouteObject[] =>
    list.map((r) =>
      r.index ? r : ({ ...r, children: attach(children.get(r.id) ?? []) } as RouteObject),
    );
  const matches = matchRoutes(attach(children.get(undefined) ?? []), page);
  if (!matches) return "unknown";
  const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p);
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** Every route's own address (parameters filled in), and others around them. */
function addresses(build: ServerBuild): string[] {
  const byId = build.routes;
  const full = (id: string | undefined): string => {
    const route = id ? byId[id] : undefined;
    if (!route) return "";
    return `${full(route.parentId)}/${route.path ?? ""}`;
  };
  const out = new Set<string>(["/", "/nowhere", "/a/b/c/d", "/admin/nowhere/at/all", "//"]);
  for (const id of Object.keys(byId)) {
    const path = full(id).replace(/\/+/g, "/").replace(/\*$/, "anything/here");
    for (const value of ["12", "queen-bed", "a%20b", "%E2%9C%93", "%ZZ"]) {
      const filled = path.replace(/:[\w-]+/g, value);
      out.add(filled);
      out.add(`${filled}/`);
      out.add(filled.toUpperCase());
      out.add(`${filled}/extra`);
      out.add(`${filled}/extra/more`);
    }
  }
  return [...out];
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
