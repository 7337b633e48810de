import type { NextFunction, Request, Response } from "express";
import { sendShopErrorPage } from "./shop-error-page";

export const FOREIGN_HOST_MESSAGE =
  "This address is not the shop's. Please open the shop at its own address and try again.";
export const FOREIGN_ORIGIN_MESSAGE =
  "This request came from another site. Please use the shop's own page to make this change.";

/**
 * One address for the whole shop: `origin` (PUBLIC_URL, or http://localhost:PORT in
 * development). A request that names another host (127.0.0.1, www., the bare domain, a proxy's
 * own name) is sent there: GET and HEAD with a 308 to the same path and query, anything else is
 * refused (403) with the shop's own page, as is a form posted from another site (its Origin or
 * Sec-Fetch-Site), for every route: pages and resource routes (/theme) alike.
 * React Router would otherwise refuse such a form with a bare 400: its action check compares the
 * Origin with the URL built on `origin`. Behind a trusted proxy the host is the one it forwards
 * (X-Forwarded-Host). `/healthz` and `/metrics` are answered before this, on any host. A refused
 * request reaches no route (no loader, no action): its body is thrown away unread and the answer
 * is the shop's page with the request's reference.
 */
export function canonicalAddress(origin: string) {
  const canonical = new URL(origin);
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.host?.toLowerCase();
    const safe = req.method === "GET" || req.method === "HEAD";
    let refusal: string | undefined;
    if (host !== canonical.host) {
      if (safe && req.originalUrl.startsWith("/")) {
        res.redirect(308, `${canonical.origin}${req.originalUrl}`);
        return;
      }
      refusal = FOREIGN_HOST_MESSAGE;
    } else if (!safe && crossSite(req, canonical.origin)) {
      refusal = FOREIGN_ORIGIN_MESSAGE;
    }
    if (refusal === undefined) {
      next();
      return;
    }
    req.resume();
    sendShopErrorPage(res, 403, { title: "Not allowed", message: refusal });
  };
}

/**
 * A browser's `Sec-Fetch-Site: cross-site`, or an Origin header naming another origin (or the
 * opaque "null"), on a request that changes something. A request with neither (a server, curl,
 * an older browser) is not refused for it, as React Router does not refuse it.
 */
function crossSite(req: Request, origin: string): boolean {
  if (req.get("sec-fetch-site") === "cross-site") return true;
  const header = req.get("origin");
  if (header === undefined) return false;
  try {
    return new URL(header).origin !== origin;
  } catch {
    return true;
  }
}
