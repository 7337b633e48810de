import { createRequestHandler, type EntryContext, type ServerBuild } from "react-router";
import * as root from "~/root";
import * as account from "~/routes/admin/account";
import * as layout from "~/routes/admin/layout";
import * as settings from "~/routes/admin/settings";
import * as security from "~/routes/admin/settings-security";
import { BASE_URL } from "./helpers";
import { withCookies } from "./two-factor-helpers";

/** A route of a test build: its id, parent, path and the route module itself. */
export type TestRoute = { id: string; parentId?: string; path?: string; module: unknown };

/** The entry's document answer: the page's data instead of its HTML. */
function pageData(_request: Request, status: number, headers: Headers, context: EntryContext) {
  const { loaderData, actionData } = context.staticHandlerContext;
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ loaderData, actionData }), { status, headers });
}

/**
 * React Router's own server runtime answering `routes` as a browser without JavaScript asks for
 * them: a plain form post is a document request, whose action and then every loader of the page
 * run in one request. The page's HTML is left out: the answer's body is its loader and action
 * data as JSON, with the real status and headers.
 */
export function documentRequests(routes: TestRoute[]) {
  const build = {
    entry: { module: { default: pageData } },
    routes: Object.fromEntries(routes.map((r) => [r.id, r])),
    assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/m.js", version: "t" },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}

/** The Security tab of the back office's settings and My account, under their layouts. */
const handle = documentRequests([
  { id: "root", path: "", module: root },
  { id: "routes/admin/layout", parentId: "root", path: "admin", module: layout },
  {
    id: "routes/admin/settings",
    parentId: "routes/admin/layout",
    path: "settings",
    module: settings,
  },
  {
    id: "routes/admin/settings-security",
    parentId: "routes/admin/settings",
    path: "security",
    module: security,
  },
  { id: "routes/admin/account", parentId: "routes/admin/layout", path: "account", module: account },
]);

/** A browser without JavaScript: it keeps its cookies and follows redirects, as browsers do. */
export function plainBrowser(cookie: string, clientAddress = "192.0.2.50") {
  let jar = cookie;
  async function request(path: string, form?: Record<string, string>) {
    let response = await handle(
      new Request(`${BASE_URL}${path}`, {
        method: form ? "POST" : "GET",
        headers: { cookie: jar, ...(form ? { origin: BASE_URL } : {}) },
        body: form ? new URLSearchParams(form) : undefined,
      }),
      { clientAddress, requestId: "test" },
    );
    jar = withCookies(jar, response.headers);
    const redirects: string[] = [];
    while (response.status >= 300 && response.status < 400) {
      const location = response.headers.get("location")!;
      redirects.push(location);
      if (!location.startsWith("/admin")) break;
      response = await handle(new Request(`${BASE_URL}${location}`, { headers: { cookie: jar } }), {
        clientAddress,
        requestId: "test",
      });
      jar = withCookies(jar, response.headers);
    }
    const page =
      response.headers.get("content-type") === "application/json"
        ? ((await response.json()) as {
            loaderData: Record<string, unknown>;
            actionData: Record<string, unknown> | null;
          })
        : null;
    return { status: response.status, redirects, page };
  }
  return {
    get: (path: string) => request(path),
    post: (path: string, form: Record<string, string>) => request(path, form),
    cookie: () => jar,
  };
}
