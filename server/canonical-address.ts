import type { NextFunction, Request, Response } from "express";

/** What a refused request's page says (rendered by the shop, in its layout: see app/root.tsx). */
export type Refusal = { status: 403; message: string };

export const FOREIGN_HOST_MESSAGE =
  "This address is not the shop's. Please open the shop at its own address and try again.";
export const FOREIGN_ORIGIN_MESSAGE =
  "This form was sent from another website, so the shop did not accept it. Please use the shop's own pages.";

/**
 * One address for the whole shop: `origin` (PUBLIC_URL, or http://localhost:PORT in
 * development). A request that names another host (127.0.0.1, www., the bare domain, a proxy's
 * own name) is sent there: GET and HEAD with a 308 to the same path and query, anything else is
 * refused (403) with the shop's own page, as is a form posted from another site (its Origin).
 * React Router would otherwise refuse such a form with a bare 400: its action check compares the
 * Origin with the URL built on `origin`. Behind a trusted proxy the host is the one it forwards
 * (X-Forwarded-Host). `/healthz` is answered before this, on any host.
 *
 * A refused request goes on to the shop with `res.locals.refusal` set, so its page is rendered
 * like every other error page (server/request-handler.ts).
 */
export function canonicalAddress(origin: string) {
  const canonical = new URL(origin);
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.host?.toLowerCase();
    const safe = req.method === "GET" || req.method === "HEAD";
    if (host !== canonical.host) {
      if (safe && req.originalUrl.startsWith("/")) {
        res.redirect(308, `${canonical.origin}${req.originalUrl}`);
        return;
      }
      res.locals.refusal = { status: 403, message: FOREIGN_HOST_MESSAGE } satisfies Refusal;
    } else if (!safe && !sameOrigin(req.get("origin"), canonical.origin)) {
      res.locals.refusal = { status: 403, message: FOREIGN_ORIGIN_MESSAGE } satisfies Refusal;
    }
    next();
  };
}

/** A request without an Origin header (a server, curl, an old browser) is not refused for it. */
function sameOrigin(header: string | undefined, origin: string): boolean {
  if (header === undefined) return true;
  try {
    return new URL(header).origin === origin;
  } catch {
    // "null" (a sandboxed or privacy-sensitive page) or garbage
    return false;
  }
}
