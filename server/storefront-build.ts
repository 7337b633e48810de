import type { ServerBuild } from "react-router";

/**
 * The build without the back office's routes, for every request that cannot be the back
 * office's. React Router does work over its whole route table on every document request: it
 * tries the ranked routes one by one until one matches, three times a page (to find the
 * request's route, in `query()`, and for the partial manifest's "/"), and it builds the
 * rendering's route objects anew for every route of the manifest. The back office is more than
 * half the shop's routes, and none of them can match an address outside /admin: the storefront's
 * pages are answered from the table without them, the same route for every address.
 *
 * The client learns routes it has not seen from the manifest endpoint, which is answered from the
 * whole table (`servesBackOffice`), so a link from the shop to the back office still works.
 */
export function withoutBackOffice(build: ServerBuild): ServerBuild {
  const { manifestPath } = build.routeDiscovery;
  if (manifestPath !== MANIFEST_PATH)
    throw new Error(`The route manifest is served at ${manifestPath}, not ${MANIFEST_PATH}.`);
  const backOffice = new Set<string>();
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const byId = new Map(routes.map((r) => [r.id, r]));
  const inBackOffice = (id: string | undefined): boolean => {
    if (id === undefined) return false;
    if (backOffice.has(id)) return true;
    const route = byId.get(id);
    if (!route) return false;
    const top = route.parentId === "root" && firstSegment(route.path) === BACK_OFFICE;
    if (top || inBackOffice(route.parentId)) {
      backOffice.add(id);
      return true;
    }
    return false;
  };
  for (const route of routes) inBackOffice(route.id);
  const keep = <T>(table: Record<string, T>) =>
    Object.fromEntries(Object.entries(table).filter(([id]) => !backOffice.has(id)));
  return {
    ...build,
    routes: keep(build.routes),
    assets: { ...build.assets, routes: keep(build.assets.routes) },
  };
}

const BACK_OFFICE = "admin";
/** React Router's own; react-router.config.ts leaves it as it is. */
export const MANIFEST_PATH = "/__manifest";

const firstSegment = (path: string | undefined) => path?.split("/").find(Boolean)?.toLowerCase();

/**
 * Whether the whole route table must answer `pathname`: the manifest endpoint, and any address
 * with a segment that starts with "admin" once decoded (React Router decodes the address and
 * matches regardless of case before it matches). Anything else is outside every back-office
 * route, which all start with /admin; erring this way only costs time, never a different answer.
 */
export function servesBackOffice(pathname: string): boolean {
  if (pathname === MANIFEST_PATH) return true;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return /(^|\/)admin/i.test(decoded);
}
