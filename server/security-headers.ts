import type { NextFunction, Request, Response } from "express";
import { RESOURCE_POLICY } from "../app/lib/csp.server";

/**
 * Pages with someone's own data, and their data requests: the back office, the sign-in pages,
 * an order's and an account's pages, the checkout (a signed-in shopper's saved address and
 * e-mail), a buyer's review form and the review links' pages (a first name, a town, what was
 * bought). Never kept by the browser or a shared cache.
 */
const PRIVATE_PATHS =
  /^\/+(?:(?:admin|admin-login|auth|orders|account|checkout)(?:\/|\.data$|$)|reviews\/(?:write|stop)\/|products\/[^/]+\/review(?:\/|\.data$|$))/i;

/** What a private page's answer says to every cache. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Whether `path` (as it came, still encoded) is a private page's. React Router matches an address
 * decoded and regardless of case, and so does this; one that does not decode is kept by nobody.
 */
export function isPrivatePage(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return PRIVATE_PATHS.test(decoded);
}

/**
 * The build's scripts and styles. A browser reads the framing, permissions, referrer and content
 * policies from the document (or a worker) only, never from a script or a style sheet, so these
 * carry no-sniffing alone: a page loads a dozen of them, and each of those headers cost a phone
 * on mobile data about 300 bytes per file, every first visit.
 */
const SCRIPT_OR_STYLE = /^\/assets\/[\w-][\w.-]*\.(?:js|css)$/;

/**
 * The headers every answer carries (scripts and styles: see above). Pages replace the
 * Content-Security-Policy with their own (app/entry.server.tsx). Strict-Transport-Security only
 * on an https request (behind a proxy, as the trusted proxy says), where the browser takes it.
 */
export function securityHeaders() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SCRIPT_OR_STYLE.test(req.path)) {
      res.set("X-Content-Type-Options", "nosniff");
      next();
      return;
    }
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Permissions-Policy":
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
      "Content-Security-Policy": RESOURCE_POLICY,
    });
    if (req.secure) res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (isPrivatePage(req.path)) res.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    next();
  };
}
