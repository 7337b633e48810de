import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { products } from "~/db/schema";

/** The storefront's public pages, as search engines should find them. */
export const PUBLIC_PAGES = [
  "/",
  "/products",
  "/mattresses",
  "/beds",
  "/bedding",
  "/about",
  "/contact",
  "/faq",
  "/delivery",
  "/returns",
  "/warranty",
  "/privacy",
  "/terms",
  "/sitemap",
] as const;

export type SitemapEntry = { path: string; lastmod?: Date };

/** Every public page, then every active product's page with the time it last changed. */
export async function listSitemapEntries(): Promise<SitemapEntry[]> {
  const rows = await db()
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "active"))
    .orderBy(asc(products.id));
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...rows.map((p) => ({ path: `/products/${p.slug}`, lastmod: p.updatedAt })),
  ];
}
