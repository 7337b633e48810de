import type { NextFunction, Request, Response } from "express";
import { RESOURCE_POLICY } from "../app/lib/csp.server";

/** Pages with someone's own data: never kept by the browser or a shared cache. */
const PRIVATE_PATHS = /^\/(admin|admin-login|auth|orders|account)(\/|\.data$|$)/;

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
    if (PRIVATE_PATHS.test(req.path)) res.set("Cache-Control", "no-store");
    next();
  };
}
