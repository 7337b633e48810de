import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { categories, products } from "~/db/schema";
import {
  listSitemapEntries,
  PUBLIC_PAGES,
  type SitemapEntry,
} from "~/domain/catalog/list-sitemap-entries.server";
import { sitemapXml } from "~/lib/seo";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const CHANGED = new Date("2025-03-04T05:06:07.000Z");
let entries: SitemapEntry[];

beforeAll(async () => {
  const [category] = await db()
    .insert(categories)
    .values({ slug: "beds", name: "Beds" })
    .returning();
  const product = (slug: string, status: "active" | "draft" | "archived") => ({
    slug,
    status,
    title: slug,
    type: "Foam Bed",
    categoryId: category!.id,
    updatedAt: CHANGED,
  });
  await db()
    .insert(products)
    .values([
      product("oak-bed", "active"),
      product("draft-bed", "draft"),
      product("old-bed", "archived"),
      product("pine-bed", "active"),
    ]);
  entries = await listSitemapEntries();
});

describe("listSitemapEntries", () => {
  it("lists every public page of the shop", () => {
    const paths = entries.map((e) => e.path);
    for (const page of ["/", "/products", "/mattresses", "/beds", "/bedding", "/faq", "/sitemap"]) {
      expect(paths).toContain(page);
    }
    expect(paths.slice(0, PUBLIC_PAGES.length)).toEqual([...PUBLIC_PAGES]);
  });

  it("lists active products only, each with the time it last changed", () => {
    const productEntries = entries.filter((e) => e.path.startsWith("/products/"));
    expect(productEntries).toEqual([
      { path: "/products/oak-bed", lastmod: CHANGED },
      { path: "/products/pine-bed", lastmod: CHANGED },
    ]);
  });

  it("keeps the back office, cart and checkout out", () => {
    const paths = entries.map((e) => e.path);
    expect(paths.some((p) => /^\/(admin|cart|checkout)/.test(p))).toBe(false);
  });
});

describe("sitemapXml", () => {
  it("writes absolute, escaped addresses with their last change", () => {
    const xml = sitemapXml([
      { url: "https://shop.example/" },
      { url: "https://shop.example/products?category=a&b", lastmod: CHANGED },
    ]);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    expect(xml).toContain("<url><loc>https://shop.example/</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://shop.example/products?category=a&amp;b</loc><lastmod>2025-03-04T05:06:07.000Z</lastmod></url>",
    );
  });
});
