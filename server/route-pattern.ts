import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/** What a request is logged and counted under when it is not one of the app's routes. */
const OWN_PATHS: [RegExp, string][] = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\//, "/media/*"],
  [/^\/healthz$/, "/healthz"],
  [/^\/metrics$/, "/metrics"],
];

/**
 * A request's route as a pattern ("/products/:slug", "/admin/orders/:number"), never its address:
 * logs and metrics must not hold what a visitor typed (tokens live in addresses), and a pattern
 * keeps the number of metric labels small. A data request (`/products.data`) is its page's route.
 */
export function routePatterns(build: () => ServerBuild | undefined) {
  let tree: { build: ServerBuild; routes: RouteObject[] } | undefined;
  return (path: string): string => {
    for (const [test, name] of OWN_PATHS) if (test.test(path)) return name;
    const current = build();
    if (!current) return "unknown";
    if (tree?.build !== current) tree = { build: current, routes: routeTree(current) };
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    const matches = matchRoutes(tree.routes, page);
    if (!matches) return "unknown";
    const parts = matches.map((m) => m.route.path).filter((p): p is string => !!p);
    return `/${parts.join("/")}`.replace(/\/+/g, "/");
  };
}

function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const list = children.get(route.parentId) ?? [];
    list.push({ id: route.id, path: route.path, index: route.index } as RouteObject);
    children.set(route.parentId, list);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((r) =>
      r.index ? r : ({ ...r, children: attach(children.get(r.id) ?? []) } as RouteObject),
    );
  return attach(children.get(undefined) ?? []);
}
