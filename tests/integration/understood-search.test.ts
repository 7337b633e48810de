import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { brands, categories, products, variants } from "~/db/schema";
import { parseListingQuery } from "~/domain/catalog/listing-query";
import type { BedSize } from "~/domain/catalog/product-card";
import { countProducts, searchProducts } from "~/domain/catalog/search-products.server";
import * as mattressesPage from "~/routes/store/mattresses";
import * as productsPage from "~/routes/store/products";
import { useTestDatabase } from "../setup/database";
import { BASE_URL, shopRequest } from "./admin/helpers";

useTestDatabase();

type Fixture = {
  slug: string;
  title: string;
  category: "mattresses" | "beds" | "pillows";
  brand?: "king-koil" | "sealy";
  mattressType?: string;
  sizes: Partial<Record<BedSize, number>>;
};

// "queen memory foam under 5000" must list the first two only.
const FIXTURES: Fixture[] = [
  {
    slug: "queen-foam-in-price",
    title: "Harmony Foam Mattress",
    category: "mattresses",
    mattressType: "memory-foam",
    sizes: { single: 2500, queen: 4500, king: 6500 },
  },
  {
    slug: "queen-foam-at-price",
    title: "Serene Foam Mattress",
    category: "mattresses",
    mattressType: "memory-foam",
    sizes: { queen: 5000 },
  },
  // A single within the price, but its queen is dearer: not a queen under R5,000.
  {
    slug: "queen-foam-dearer",
    title: "Royal Foam Mattress",
    category: "mattresses",
    mattressType: "memory-foam",
    sizes: { single: 3000, queen: 6000 },
  },
  {
    slug: "king-foam-cheap",
    title: "Posture Foam Mattress",
    category: "mattresses",
    mattressType: "memory-foam",
    sizes: { king: 4000 },
  },
  {
    slug: "queen-latex-cheap",
    title: "Breeze Latex Mattress",
    category: "mattresses",
    mattressType: "latex",
    sizes: { queen: 4000 },
  },
  {
    slug: "king-koil-spring",
    title: "King Koil Classic Spring Mattress",
    category: "mattresses",
    brand: "king-koil",
    mattressType: "spring",
    sizes: { queen: 7000, double: 5500 },
  },
  {
    slug: "memory-pillow",
    title: "Contour Memory Foam Pillow",
    category: "pillows",
    sizes: { queen: 450 },
  },
];

beforeAll(async () => {
  const categoryRows = await db()
    .insert(categories)
    .values([
      { slug: "mattresses", name: "Mattresses" },
      { slug: "beds", name: "Bed Frames" },
      { slug: "pillows", name: "Pillows" },
    ])
    .returning();
  const brandRows = await db()
    .insert(brands)
    .values([
      { slug: "king-koil", name: "King Koil" },
      { slug: "sealy", name: "Sealy" },
    ])
    .returning();
  let sku = 0;
  for (const f of FIXTURES) {
    const [row] = await db()
      .insert(products)
      .values({
        slug: f.slug,
        title: f.title,
        type: f.category === "pillows" ? "Pillow" : "Mattress",
        categoryId: categoryRows.find((c) => c.slug === f.category)!.id,
        brandId: brandRows.find((b) => b.slug === f.brand)?.id ?? null,
        mattressType: f.mattressType ?? null,
      })
      .returning({ id: products.id });
    await db()
      .insert(variants)
      .values(
        Object.entries(f.sizes).map(([size, rand]) => ({
          productId: row!.id,
          size: size as BedSize,
          sku: `U${++sku}`,
          priceCents: rand * 100,
        })),
      );
  }
});

type Loader = (args: unknown) => Promise<unknown>;
type Listing = Awaited<ReturnType<typeof productsPage.loader>>;

/** The loader's answer: the page's data, or where it sends the shopper. */
async function load(loader: unknown, path: string): Promise<Listing | { redirect: string }> {
  try {
    return (await (loader as Loader)({
      request: shopRequest(path),
      params: {},
      context: { clientAddress: "10.9.9.9" },
    })) as Listing;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      return { redirect: thrown.headers.get("location")!.replace(BASE_URL, "") };
    }
    throw thrown;
  }
}

async function redirectOf(loader: unknown, path: string): Promise<string> {
  const answer = await load(loader, path);
  if (!("redirect" in answer)) throw new Error(`${path} was not sent on`);
  return answer.redirect;
}

async function pageOf(loader: unknown, path: string): Promise<Listing> {
  const answer = await load(loader, path);
  if ("redirect" in answer) throw new Error(`${path} was sent on to ${answer.redirect}`);
  return answer;
}

const slugs = (listing: Listing) => listing.result.products.map((p) => p.slug).sort();

describe("a search in the shop's words", () => {
  it("lists for 'queen memory foam under 5000' only products with a queen within the price", async () => {
    const to = await redirectOf(productsPage.loader, "/products?q=queen+memory+foam+under+5000");
    expect(to).toBe("/products?f=mattress-type-memory-foam&f=bed-size-queen&f=price-range-0-5000");
    const listing = await pageOf(productsPage.loader, to);
    expect(listing.query.q).toBe("");
    expect(slugs(listing)).toEqual(["queen-foam-at-price", "queen-foam-in-price"]);
    // Checked against the fixtures: each has a queen at R5,000 or less.
    for (const slug of slugs(listing)) {
      const queen = FIXTURES.find((f) => f.slug === slug)!.sizes.queen;
      expect(queen).toBeLessThanOrEqual(5000);
    }
    expect(listing.result.facets["bed-size"].queen).toBe(2);
    expect(listing.nearest).toBeNull();
  });

  it("reads misspellings, keeps a brand's words as text and the page's other filters", async () => {
    expect(
      await redirectOf(productsPage.loader, "/products?q=King+Koil+quen+mattres&sort=price-asc"),
    ).toBe("/products?q=King+Koil&category=mattresses&f=bed-size-queen&sort=price-asc");
    const listing = await pageOf(
      productsPage.loader,
      "/products?q=King+Koil&category=mattresses&f=bed-size-queen",
    );
    expect(slugs(listing)).toEqual(["king-koil-spring"]);
  });

  it("sends a category page's search for another kind to /products with that category", async () => {
    expect(await redirectOf(mattressesPage.loader, "/mattresses?q=memory+foam+pillow")).toBe(
      "/products?category=pillows&f=mattress-type-memory-foam",
    );
    expect(await redirectOf(mattressesPage.loader, "/mattresses?q=queen+mattress")).toBe(
      "/mattresses?f=bed-size-queen",
    );
  });

  it("leaves a search with none of the shop's words where it is", async () => {
    const listing = await pageOf(productsPage.loader, "/products?q=harmony");
    expect(slugs(listing)).toEqual(["queen-foam-in-price"]);
  });

  it("offers the nearest listing when nothing matches, saying what it leaves out", async () => {
    const to = await redirectOf(productsPage.loader, "/products?q=queen+latex+mattress+under+2000");
    const listing = await pageOf(productsPage.loader, to);
    expect(listing.result.total).toBe(0);
    // Without the price, one latex queen; without latex, none under R2,000; so the price goes.
    expect(listing.nearest?.dropped).toEqual([{ kind: "price" }]);
    expect(listing.nearest?.result.products.map((p) => p.slug)).toEqual(["queen-latex-cheap"]);
  });

  it("keeps only the category when leaving out any one thing still finds nothing", async () => {
    const listing = await pageOf(
      productsPage.loader,
      "/products?category=pillows&f=mattress-type-latex&f=bed-size-king",
    );
    expect(listing.result.total).toBe(0);
    expect(listing.nearest?.dropped).toEqual([
      { kind: "group", group: "mattress-type" },
      { kind: "group", group: "bed-size" },
    ]);
    expect(listing.nearest?.result.products.map((p) => p.slug)).toEqual(["memory-pillow"]);
  });

  it("counts listings as the listings themselves do", async () => {
    const searches = ["f=bed-size-queen&f=price-range-0-5000", "q=foam&category=mattresses", ""];
    const queries = searches.map((s) => parseListingQuery(new URLSearchParams(s)));
    const totals = await Promise.all(queries.map(async (q) => (await searchProducts(q)).total));
    expect(await countProducts(queries)).toEqual(totals);
    expect(totals).toEqual([4, 4, 7]);
  });

  it("offers nothing nearer for text alone that matches nothing", async () => {
    const listing = await pageOf(productsPage.loader, "/products?q=xylophonezz");
    expect(listing.result.total).toBe(0);
    expect(listing.nearest).toBeNull();
  });

  it.each([
    `/products?q=${"queen ".repeat(400)}`,
    `/products?q=${"x".repeat(2000)}`,
    "/products?q=under+99999999999999999999",
    "/products?q=under+R1%2C000%2C000",
    "/products?q=over+R90000",
    "/products?q=%C2%BE+3%2F4+152cm+x",
  ])("answers bad or absurd input with a page, never an error: %s", async (path) => {
    const answer = await load(productsPage.loader, path);
    const page = "redirect" in answer ? await pageOf(productsPage.loader, answer.redirect) : answer;
    expect(page.result.total).toBeGreaterThanOrEqual(0);
  });
});
