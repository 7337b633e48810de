import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type ServerBuild } from "react-router";
import routes from "../../../app/routes";
import { routeTree } from "../../../server/route-pattern";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };

/**
 * The shop's route table as a build lists it (ids as React Router makes them), in its server
 * routes and its client manifest alike.
 */
export function shopBuild(): ServerBuild {
  const manifest: Record<string, ManifestRoute> = { root: { id: "root", path: "" } };
  const add = (entries: RouteConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.[^.]+$/, "");
      manifest[id] = { id, parentId, path: entry.path, index: entry.index };
      add(entry.children ?? [], id);
    }
  };
  add(routes, "root");
  return {
    routes: manifest,
    assets: { routes: manifest },
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The routes a path matches by React Router's own `matchRoutes`, outermost first; null for none. */
export function matchedRoutes(
  build: ServerBuild,
  page: string,
): { id: string; path?: string }[] | null {
  const matches = matchRoutes(routeTree(build), page);
  return matches?.map((m) => ({ id: m.route.id!, path: m.route.path })) ?? null;
}

/** Every route's own address (parameters filled in), and others around them. */
export function addresses(build: ServerBuild): string[] {
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
