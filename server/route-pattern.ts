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
 *
 * React Router's `matchRoutes` flattens, ranks and compiles the whole route tree on every call
 * (about 3.5 ms for our 108 routes, most of a page served from the render cache: issue 37), so
 * the tree is ranked and compiled once per build here, as React Router does for its own request
 * handling, and each request only tries the compiled patterns in rank order.
 */
export function routePatterns(build: () => ServerBuild | undefined) {
  let ranked: { build: ServerBuild; match: (page: string) => string | null } | undefined;
  return (path: string): string => {
    for (const [test, name] of OWN_PATHS) if (test.test(path)) return name;
    const current = build();
    if (!current) return "unknown";
    if (ranked?.build !== current) ranked = { build: current, match: patternMatcher(current) };
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    return ranked.match(page) ?? "unknown";
  };
}

type Branch = { pattern: string; score: number; indexes: number[]; matcher: RegExp };

/**
 * The build's routes as React Router ranks them (`flattenRoutes`, `rankRouteBranches`,
 * `compilePath` in react-router 7), each with its full path compiled once. A tree that uses what
 * this does not copy (optional segments) is matched by `matchRoutes` itself, as before.
 */
function patternMatcher(build: ServerBuild): (page: string) => string | null {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  if (routes.some((r) => r.path?.includes("?") || r.path?.startsWith("/") || r.caseSensitive)) {
    const tree = routeTree(build);
    return (page) => {
      const matches = matchRoutes(tree, page);
      return matches ? patternOf(matches.map((m) => m.route.path)) : null;
    };
  }
  const children = new Map<string | undefined, typeof routes>();
  for (const route of routes) {
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const branches: Branch[] = [];
  const flatten = (
    list: typeof routes,
    parentPath: string,
    parentIndexes: number[],
    parentParts: (string | undefined)[],
  ) => {
    list.forEach((route, index) => {
      const path = joinPaths(parentPath, route.path ?? "");
      const indexes = [...parentIndexes, index];
      const parts = [...parentParts, route.path];
      // Children first, as React Router flattens: a parent with a path ranks after them on ties.
      if (!route.index) flatten(children.get(route.id) ?? [], path, indexes, parts);
      if (route.path == null && !route.index) return;
      branches.push({
        pattern: patternOf(parts),
        score: scoreOf(path, route.index === true),
        indexes,
        matcher: compiled(path),
      });
    });
  };
  flatten(children.get(undefined) ?? [], "", [], []);
  // Array.prototype.sort is stable: equal branches keep the flattened order, as there.
  branches.sort((a, b) =>
    a.score !== b.score ? b.score - a.score : siblingOrder(a.indexes, b.indexes),
  );
  return (page) => {
    const decoded = decodePath(page);
    for (const branch of branches) if (branch.matcher.test(decoded)) return branch.pattern;
    return null;
  };
}

const patternOf = (paths: (string | undefined)[]) =>
  `/${paths.filter((p): p is string => !!p).join("/")}`.replace(/\/+/g, "/");

const joinPaths = (parent: string, child: string) => `${parent}/${child}`.replace(/\/\/+/g, "/");

const PARAM = /^:[\w-]+$/;

function scoreOf(path: string, index: boolean): number {
  const segments = path.split("/");
  let score = segments.length;
  if (segments.includes("*")) score -= 2;
  if (index) score += 2;
  for (const segment of segments) {
    if (segment === "*") continue;
    score += PARAM.test(segment) ? 3 : segment === "" ? 1 : 10;
  }
  return score;
}

function siblingOrder(a: number[], b: number[]): number {
  const siblings = a.length === b.length && a.slice(0, -1).every((n, i) => n === b[i]);
  return siblings ? a[a.length - 1]! - b[b.length - 1]! : 0;
}

/** The whole path as one expression, matched to its end (optional segments excluded above). */
function compiled(path: string): RegExp {
  let source =
    "^" +
    path
      .replace(/\/*\*?$/, "")
      .replace(/^\/*/, "/")
      .replace(/[\\.*+^${}|()[\]]/g, "\\$&")
      .replace(/\/:([\w-]+)/g, "/([^\\/]+)");
  if (path.endsWith("*")) source += path === "*" || path === "/*" ? "(.*)$" : "(?:\\/(.+)|\\/*)$";
  else source += "\\/*$";
  return new RegExp(source, "i");
}

function decodePath(value: string): string {
  try {
    return value
      .split("/")
      .map((v) => decodeURIComponent(v).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return value;
  }
}

/** A build's routes as the tree React Router's `matchRoutes` takes (ids, paths and index only). */
export function routeTree(build: ServerBuild): RouteObject[] {
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
