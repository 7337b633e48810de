import type { MetaDescriptor } from "react-router";

type Match = { id: string; pathname?: string; loaderData?: unknown } | undefined;

/** The shop's public origin, which the root loader reads from PUBLIC_URL or the request. */
export function originFromMatches(matches: readonly Match[]): string | undefined {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as { origin?: string } | undefined)?.origin;
}

/** The shop's name, from the storefront layout's settings. */
export function siteNameFromMatches(matches: readonly Match[]): string | undefined {
  const layout = matches.find((m) => m?.id === "routes/store/layout");
  return (layout?.loaderData as { settings?: { storeName?: string } } | undefined)?.settings
    ?.storeName;
}

export function absoluteUrl(origin: string, path: string): string {
  // Already absolute: an image on the CDN of MEDIA_PUBLIC_URL.
  if (/^https?:\/\//.test(path)) return path;
  return `${origin.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/**
 * A text cut at a word to about what search results and link previews show (160 characters),
 * for descriptions that come from data rather than being written for the page.
 */
export function shortDescription(text: string, length = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= length) return clean;
  const cut = clean.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ")).replace(/[,.;:]$/, "")}…`;
}

/**
 * A page's title, description, canonical link and Open Graph tags. `path` is the page's own
 * address without the query (filters and sizes are views of one page); `image` an absolute URL.
 */
export function seoMeta(options: {
  title: string;
  description: string;
  origin: string | undefined;
  path: string;
  type?: "website" | "product";
  image?: { url: string; alt: string; width: number; height: number };
  siteName?: string;
}): MetaDescriptor[] {
  const { description } = options;
  const tags: MetaDescriptor[] = [
    { title: options.title },
    { name: "description", content: description },
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:title", content: options.title },
    { property: "og:description", content: description },
    { property: "og:locale", content: "en_ZA" },
  ];
  if (options.siteName) tags.push({ property: "og:site_name", content: options.siteName });
  if (options.origin) {
    const url = absoluteUrl(options.origin, options.path);
    tags.push(
      { tagName: "link", rel: "canonical", href: url },
      { property: "og:url", content: url },
    );
  }
  if (options.image) {
    tags.push(
      { property: "og:image", content: options.image.url },
      { property: "og:image:alt", content: options.image.alt },
      { property: "og:image:width", content: String(options.image.width) },
      { property: "og:image:height", content: String(options.image.height) },
      { name: "twitter:card", content: "summary_large_image" },
    );
  }
  return tags;
}

/** "{page} | {shop name}", or the shop's name alone. */
export function pageTitle(matches: readonly Match[], page?: string): string {
  const name = siteNameFromMatches(matches);
  if (!name) return page ?? "Beds, Mattresses & Bedding";
  return page ? `${page} | ${name}` : name;
}

/** A storefront page's title, description, canonical link and sharing tags. */
export function pageMeta(matches: readonly Match[], page: string, description: string) {
  return seoMeta({
    title: pageTitle(matches, page),
    description,
    origin: originFromMatches(matches),
    path: matches.at(-1)?.pathname ?? "/",
    siteName: siteNameFromMatches(matches),
  });
}

/** A sitemap document (sitemaps.org protocol) from absolute URLs. */
export function sitemapXml(entries: readonly { url: string; lastmod?: Date }[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(e.url)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
