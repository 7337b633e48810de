import type { Response } from "express";

/**
 * The shop's page for a request answered before React Router (refused at the door, or failed
 * outside it): what went wrong in the shop's words, a way home, and the reference staff find in
 * the logs. Plain HTML with its own small style sheet, light or dark as the visitor's system is.
 */
function shopErrorPage(options: { title: string; message: string; reference: string }) {
  const text = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const reference = options.reference.replace(/[^\w-]/g, "");
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(options.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111;background:#fff;text-align:center}a{color:#1e3a8a}p{color:#444}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}p{color:#bbb}a{color:#9ecbff}}</style>
</head>
<body><main>
<h1>${text(options.title)}</h1>
<p>${text(options.message)}</p>
${reference ? `<p>Reference: <code>${reference}</code></p>` : ""}
<p><a href="/">Return to Home</a></p>
</main></body>
</html>`;
}

/** Sends the page with `status`, kept by no cache, its inline style allowed by its own policy. */
export function sendShopErrorPage(
  res: Response,
  status: number,
  options: { title: string; message: string },
): void {
  const reference = String(res.locals.requestId ?? "");
  res
    .status(status)
    .type("html")
    .set({
      "Cache-Control": "no-store",
      "Content-Security-Policy": PAGE_POLICY,
    })
    .send(shopErrorPage({ ...options, reference }));
}

/** No script, no frame, nothing loaded from elsewhere: the page's own inline style only. */
const PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
