export const CROSS_SITE_MESSAGE =
  "This request came from another site. Please use the shop's own page to make this change.";

/**
 * React Router refuses a post to a page route whose Origin header is not the request's own
 * origin; resource routes get no such check, so the ones that change anything call this. A
 * browser's `Sec-Fetch-Site: cross-site` or a foreign (or opaque "null") Origin is refused with
 * a 403; a request without either header (a script, an older browser) goes on, as React Router
 * lets it. Null when the request may go on.
 */
export function crossSiteRefusal(request: Request): Response | null {
  if (request.headers.get("sec-fetch-site") === "cross-site") return forbidden();
  const origin = request.headers.get("origin");
  if (origin === null) return null;
  let sender: string;
  try {
    sender = new URL(origin).origin;
  } catch {
    return forbidden();
  }
  return sender === new URL(request.url).origin ? null : forbidden();
}

function forbidden() {
  return new Response(CROSS_SITE_MESSAGE, {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
