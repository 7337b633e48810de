import { absoluteUrl } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";

/** Pages that are a visitor's own (cart, checkout, order and payment pages) or staff-only stay out of search results. */
const DISALLOWED = [
  "/admin",
  "/auth",
  "/cart",
  "/checkout",
  "/orders/",
  "/payments/",
  "/demo-gateway",
  "/api/",
];

export function loader() {
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(siteUrl(), "/sitemap.xml")}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
