import { listSitemapEntries } from "~/domain/catalog/list-sitemap-entries.server";
import { absoluteUrl, sitemapXml } from "~/lib/seo";
import { siteUrl } from "~/lib/site-url.server";

/** /sitemap.xml: every public page and active product, for search engines. */
export async function loader() {
  const origin = siteUrl();
  const entries = await listSitemapEntries();
  const xml = sitemapXml(
    entries.map((e) => ({ url: absoluteUrl(origin, e.path), lastmod: e.lastmod })),
  );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // Crawlers fetch it rarely; a short cache spares the database a burst of them.
      "Cache-Control": "public, max-age=600",
    },
  });
}
