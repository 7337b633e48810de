import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { brands, catalogVersion, categories, products, variants } from "~/db/schema";
import {
  CHECKBOX_GROUPS,
  PAGE_SIZE,
  parseListingQuery,
  type CheckboxGroupId,
  type ListingQuery,
} from "~/domain/catalog/listing-query";
import type { BedSize } from "~/domain/catalog/product-card";
import { searchProducts } from "~/domain/catalog/search-products.server";
import { bayesianRating, FALLBACK_MEAN } from "~/domain/reviews/bayesian-rating";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const SIZES: BedSize[] = ["single", "three-quarter", "double", "queen", "king", "super-king"];
const CATEGORY_NAMES = { mattresses: "Mattresses", beds: "Bed Frames", bedding: "Bedding Sets" };
type CategorySlug = keyof typeof CATEGORY_NAMES;
const BRAND_NAMES = {
  sealy: "Sealy",
  simmons: "Simmons",
  serta: "Serta",
  "cloud-nine": "Cloud Nine",
  restonic: "Restonic",
};
type BrandSlug = keyof typeof BRAND_NAMES;

type Fixture = {
  slug: string;
  title: string;
  description: string;
  category: CategorySlug;
  brand: BrandSlug | null;
  status: "active" | "draft" | "archived";
  attributes: Partial<Record<"mattress-type" | "bed-type" | "comfort-level", string>>;
  variants: { size: BedSize; price: number }[];
  /** The published reviews' figures, as `refreshProductRating` keeps them on the row. */
  ratingTotal: number;
  reviewCount: number;
  featuredRank: number;
  createdAt: Date;
  id?: number;
};

const pick = <T>(list: readonly T[], n: number) => list[n % list.length]!;

/** A spread of products whose attributes, prices, ratings and dates vary independently. */
function generatedFixtures(): Fixture[] {
  return Array.from({ length: 36 }, (_, i) => {
    const category = pick(["mattresses", "beds", "bedding"] as const, i);
    const brand = pick(
      ["sealy", "simmons", "serta", "cloud-nine", "restonic", null] as const,
      Math.floor(i / 3),
    );
    const kind = { mattresses: "Mattress", beds: "Bed", bedding: "Duvet Set" }[category];
    const range = pick(["Cloud Rest", "Posture", "Harmony", "Serene", "Royal", "Comfort"], i + 1);
    const mattressType = pick(["memory-foam", "hybrid", "spring", "latex", null], i);
    const bedType = pick(["platform", "storage", "adjustable", "divan", null], i * 3);
    const comfortLevel = pick(["plush", "medium", "firm", null], i);
    return {
      slug: `product-${i}`,
      title: `${brand ? BRAND_NAMES[brand] : "House"} ${range} ${kind}`,
      description: [
        "Made for restful nights.",
        i % 4 === 0 ? "Orthopaedic support for your back." : "",
        mattressType === "memory-foam" ? "Memory foam comfort layer." : "",
      ].join(" "),
      category,
      brand,
      status: i % 11 === 10 ? "draft" : i % 13 === 12 ? "archived" : "active",
      attributes: {
        ...(mattressType && { "mattress-type": mattressType }),
        ...(bedType && { "bed-type": bedType }),
        ...(comfortLevel && { "comfort-level": comfortLevel }),
      },
      variants: SIZES.filter((_, k) => (i + k) % 3 !== 0).map((size, k) => ({
        size,
        price: 1000 + ((i * 731) % 20000) + k * 500,
      })),
      reviewCount: (i * 7) % 4,
      ratingTotal: ((i * 7) % 4) * (1 + (i % 5)),
      featuredRank: (i % 7) * 10,
      createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 9))),
    };
  });
}

const RANKING: Fixture[] = [
  {
    slug: "bamboo-mention",
    title: "Plain Cotton Sheet",
    description: "Goes well with a bamboo cover.",
  },
  { slug: "bamboo-title", title: "Bamboo Breeze Pillow", description: "Soft and light." },
].map((p, i) => ({
  ...p,
  category: "bedding",
  brand: null,
  status: "active",
  attributes: {},
  variants: [{ size: "queen", price: 450 }],
  ratingTotal: 3,
  reviewCount: 1,
  // The description mention is ahead in the merchandising order, so only relevance lifts the title.
  featuredRank: i === 0 ? 0 : 900,
  createdAt: new Date(Date.UTC(2024, 5, 1)),
}));

const FIXTURES = [...generatedFixtures(), ...RANKING];

beforeAll(async () => {
  const categoryRows = await db()
    .insert(categories)
    .values(Object.entries(CATEGORY_NAMES).map(([slug, name]) => ({ slug, name })))
    .returning();
  const brandRows = await db()
    .insert(brands)
    .values(Object.entries(BRAND_NAMES).map(([slug, name]) => ({ slug, name })))
    .returning();
  let sku = 0;
  for (const f of FIXTURES) {
    const [row] = await db()
      .insert(products)
      .values({
        slug: f.slug,
        title: f.title,
        description: f.description,
        type: f.title.split(" ").at(-1)!,
        categoryId: categoryRows.find((c) => c.slug === f.category)!.id,
        brandId: brandRows.find((b) => b.slug === f.brand)?.id ?? null,
        status: f.status,
        mattressType: f.attributes["mattress-type"] ?? null,
        bedType: f.attributes["bed-type"] ?? null,
        comfortLevel: f.attributes["comfort-level"] ?? null,
        rating: f.reviewCount === 0 ? 0 : Math.round((f.ratingTotal / f.reviewCount) * 10) / 10,
        reviewCount: f.reviewCount,
        ratingTotal: f.ratingTotal,
        featuredRank: f.featuredRank,
        createdAt: f.createdAt,
      })
      .returning({ id: products.id });
    f.id = row!.id;
    await db()
      .insert(variants)
      .values(
        f.variants.map((v) => ({
          productId: f.id!,
          size: v.size,
          sku: `S${++sku}`,
          priceCents: v.price * 100,
        })),
      );
  }
});

const query = (search: string) => parseListingQuery(new URLSearchParams(search));
const listed = FIXTURES.filter((f) => f.status === "active");
/** Enough pages to list every fixture. */
const ALL_PAGES = Math.ceil(FIXTURES.length / PAGE_SIZE);

async function slugsOf(search: string) {
  const q = query(search);
  const result = await searchProducts({ ...q, page: ALL_PAGES });
  return result.products.map((p) => p.slug);
}

// The rules of the listing, written out in TypeScript to check the database's answers against.
// With a price range, a size counts only when it is sold within it ("queen up to R5,000").
function hasOption(f: Fixture, group: CheckboxGroupId, option: string, q: ListingQuery): boolean {
  if (group === "brand") return f.brand === option;
  if (group === "bed-size") {
    return f.variants.some(
      (v) => v.size === option && (!q.price || (v.price >= q.price[0] && v.price <= q.price[1])),
    );
  }
  return f.attributes[group] === option;
}

function matchesBase(f: Fixture, q: ListingQuery, words: string[]): boolean {
  const text = `${f.title} ${f.description}`.toLowerCase();
  return (
    f.status === "active" &&
    (!q.category || f.category === q.category) &&
    words.every((w) => text.includes(w)) &&
    (!q.price || f.variants.some((v) => v.price >= q.price![0] && v.price <= q.price![1]))
  );
}

function matchesGroups(f: Fixture, q: ListingQuery, except: CheckboxGroupId | null = null) {
  return Object.entries(q.selections).every(
    ([group, options]) =>
      group === except || options.some((o) => hasOption(f, group as CheckboxGroupId, o, q)),
  );
}

describe("facet counts", () => {
  it.each([
    "",
    "category=beds",
    "f=mattress-type-memory-foam&f=mattress-type-hybrid",
    "f=bed-size-queen&f=brand-sealy&f=comfort-level-firm",
    "f=price-range-2000-6000&f=bed-type-storage&f=bed-type-divan",
    "f=price-range-0-5000&f=bed-size-queen&f=bed-size-king",
    "f=price-range-4000-9000&f=bed-size-single&f=comfort-level-firm",
    "q=orthopaedic&f=bed-size-king",
    // The same base as the one before: its groups are reused, the counts must still agree.
    "q=Orthopaedic&f=brand-sealy&f=brand-serta&sort=price-asc",
    "category=mattresses&q=orthopaedic&f=price-range-0-12000&f=brand-serta&f=brand-simmons",
    "f=mattress-type-latex&f=comfort-level-plush&f=bed-size-single&f=brand-restonic",
  ])("agree with a count over every product for %j", async (search) => {
    const q = query(search);
    const words = q.q ? q.q.toLowerCase().split(/\s+/) : [];
    const result = await searchProducts({ ...q, page: ALL_PAGES });

    const expected = listed.filter((f) => matchesBase(f, q, words) && matchesGroups(f, q));
    expect(result.total).toBe(expected.length);
    expect(result.products.map((p) => p.slug).sort()).toEqual(expected.map((f) => f.slug).sort());
    for (const group of CHECKBOX_GROUPS) {
      for (const option of group.options) {
        const count = listed.filter(
          (f) =>
            matchesBase(f, q, words) &&
            matchesGroups(f, q, group.id) &&
            hasOption(f, group.id, option.id, q),
        ).length;
        expect(result.facets[group.id][option.id], `${group.id}-${option.id}`).toBe(count);
      }
    }
  });
});

describe("search", () => {
  it.each([
    ["matress", "mattress"],
    ["qeen", "queen"],
    ["memmory foam", "memory foam"],
    ["Serrta matres", "serta mattress"],
  ])("finds %j as if it were spelt %j", async (misspelt, spelt) => {
    const found = await slugsOf(`q=${misspelt}`);
    expect(found.length).toBeGreaterThan(0);
    expect(found.sort()).toEqual((await slugsOf(`q=${spelt}`)).sort());
  });

  it("finds every product in a size when searched by the size", async () => {
    const queen = listed.filter((f) => f.variants.some((v) => v.size === "queen"));
    expect((await slugsOf("q=qeen")).sort()).toEqual(queen.map((f) => f.slug).sort());
  });

  it("ranks a product named for the words above one that mentions them", async () => {
    expect(await slugsOf("q=bamboo")).toEqual(["bamboo-title", "bamboo-mention"]);
  });

  it("searches by brand and category names", async () => {
    const cloudNine = listed.filter((f) => f.brand === "cloud-nine").map((f) => f.slug);
    expect((await slugsOf("q=cloud nine")).sort()).toEqual(cloudNine.sort());
    const frames = listed.filter((f) => f.category === "beds").map((f) => f.slug);
    expect((await slugsOf("q=bed frames")).sort()).toEqual(frames.sort());
  });

  it("treats punctuation and stop words alone as no search", async () => {
    const everything = await slugsOf("");
    expect(await slugsOf("q=!!! ...")).toEqual(everything);
    expect(await slugsOf("q=the")).toEqual(everything);
  });

  it("finds nothing for words the shop does not use", async () => {
    const result = await searchProducts(query("q=xylophone"));
    expect(result.total).toBe(0);
    expect(result.products).toEqual([]);
  });
});

describe("listing", () => {
  it("never lists draft or archived products", async () => {
    const hidden = FIXTURES.filter((f) => f.status !== "active").map((f) => f.slug);
    expect(hidden.length).toBeGreaterThan(0);
    for (const search of ["", "q=mattress", "q=orthopaedic", "f=bed-size-double"]) {
      expect((await slugsOf(search)).filter((slug) => hidden.includes(slug))).toEqual([]);
    }
  });

  it("lists only the category of a category page", async () => {
    const result = await searchProducts({
      ...parseListingQuery(new URLSearchParams(), "mattresses"),
      page: 9,
    });
    const mattresses = listed.filter((f) => f.category === "mattresses");
    expect(result.total).toBe(mattresses.length);
    expect(result.products.map((p) => p.slug).sort()).toEqual(mattresses.map((f) => f.slug).sort());
  });

  it("shows one more page each time, the total unchanged", async () => {
    const first = await searchProducts(query(""));
    const second = await searchProducts(query("page=2"));
    expect(first.products).toHaveLength(PAGE_SIZE);
    expect(second.products).toHaveLength(PAGE_SIZE * 2);
    expect(second.total).toBe(first.total);
    expect(second.products.slice(0, PAGE_SIZE)).toEqual(first.products);
  });

  const bayesian = (f: Fixture) => bayesianRating({ ...f, shopMean: FALLBACK_MEAN });
  const lowest = (f: Fixture) => Math.min(...f.variants.map((v) => v.price));
  it.each([
    ["featured", (a: Fixture, b: Fixture) => a.featuredRank - b.featuredRank || a.id! - b.id!],
    ["price-asc", (a: Fixture, b: Fixture) => lowest(a) - lowest(b) || a.id! - b.id!],
    ["price-desc", (a: Fixture, b: Fixture) => lowest(b) - lowest(a) || a.id! - b.id!],
    [
      "rating",
      // No review rows here: the shop's mean is the fallback (the case table is in
      // tests/integration/reviews/storefront-reviews.test.ts).
      (a: Fixture, b: Fixture) =>
        bayesian(b) - bayesian(a) || b.reviewCount - a.reviewCount || a.id! - b.id!,
    ],
    [
      "newest",
      (a: Fixture, b: Fixture) => b.createdAt.getTime() - a.createdAt.getTime() || b.id! - a.id!,
    ],
  ])("sorts by %s", async (sort, compare) => {
    expect(await slugsOf(`sort=${sort}`)).toEqual([...listed].sort(compare).map((f) => f.slug));
  });

  it.each(["price-asc", "price-desc", "rating", "newest"])(
    "sorts a search's products by %s as it sorts the whole catalogue",
    async (sort) => {
      const everything = await slugsOf(`sort=${sort}`);
      const found = await slugsOf(
        `q=mattress&f=comfort-level-firm&f=comfort-level-plush&sort=${sort}`,
      );
      expect(found.length).toBeGreaterThan(2);
      expect(found).toEqual(everything.filter((slug) => found.includes(slug)));
    },
  );
});

describe("kept up to date by the database", () => {
  // Each listing is asked for before the edit too, so an answer kept from before would show.
  it("follows edits to titles, brands and variants at once", async () => {
    const product = FIXTURES.find((f) => f.slug === "product-0")!;
    expect(await slugsOf("q=starlite")).toEqual([]);
    await db()
      .update(products)
      .set({ title: "Starlight Dream Mattress" })
      .where(eq(products.id, product.id!));
    expect(await slugsOf("q=starlite")).toEqual(["product-0"]);

    expect(await slugsOf("q=kalahari")).toEqual([]);
    await db().update(brands).set({ name: "Sealy Kalahari" }).where(eq(brands.slug, "sealy"));
    const sealy = listed.filter((f) => f.brand === "sealy").map((f) => f.slug);
    expect((await slugsOf("q=kalahari")).sort()).toEqual(sealy.sort());

    expect(await slugsOf("f=price-range-29500-30000")).toEqual([]);
    await db().delete(variants).where(eq(variants.productId, product.id!));
    await db()
      .insert(variants)
      .values({ productId: product.id!, size: "king", sku: "NEW-KG", priceCents: 29_999_00 });
    expect(await slugsOf("f=price-range-29500-30000")).toEqual(["product-0"]);
    expect(await slugsOf("f=bed-size-king&q=starlight")).toEqual(["product-0"]);

    await db().update(products).set({ status: "draft" }).where(eq(products.id, product.id!));
    expect(await slugsOf("f=price-range-29500-30000")).toEqual([]);
  });

  it("follows a catalogue whose version went back, as after a restore from a backup", async () => {
    const product = FIXTURES.find((f) => f.slug === "product-4")!;
    const latex = async () => (await searchProducts(query("f=mattress-type-latex"))).total;
    const before = await latex();
    expect(product.attributes["mattress-type"]).not.toBe("latex");
    await db().transaction(async (tx) => {
      await tx.update(products).set({ mattressType: "latex" }).where(eq(products.id, product.id!));
      // Lower than any version a listing was read at; the edit adds one at commit.
      await tx.update(catalogVersion).set({ version: 1 });
    });
    expect(await latex()).toBe(before + 1);
  });

  it("lists a product in a price range by a variant inside it, not by prices either side", async () => {
    const product = FIXTURES.find((f) => f.slug === "product-1")!;
    await db().delete(variants).where(eq(variants.productId, product.id!));
    await db()
      .insert(variants)
      .values([
        { productId: product.id!, size: "queen", sku: "GAP-QN", priceCents: 25_000_00 },
        { productId: product.id!, size: "king", sku: "GAP-KG", priceCents: 29_000_00 },
      ]);
    expect(await slugsOf("f=price-range-26000-28000")).toEqual([]);
    expect(await slugsOf("f=price-range-28500-29500")).toEqual(["product-1"]);
    expect(await slugsOf("f=price-range-24500-25500")).toEqual(["product-1"]);
    expect(await slugsOf("f=price-range-29500-30000")).toEqual([]);
  });

  it("counts a size in a price range only where it sells within it, and follows a new price", async () => {
    const product = FIXTURES.find((f) => f.slug === "product-1")!;
    await db().delete(variants).where(eq(variants.productId, product.id!));
    const [, , king] = await db()
      .insert(variants)
      .values([
        // Two sizes at one price, and a third above the range.
        { productId: product.id!, size: "queen", sku: "PR-QN", priceCents: 25_000_00 },
        { productId: product.id!, size: "double", sku: "PR-DB", priceCents: 25_000_00 },
        { productId: product.id!, size: "king", sku: "PR-KG", priceCents: 29_000_00 },
      ])
      .returning({ id: variants.id });
    const sizesIn = async (search: string) => {
      const result = await searchProducts({ ...query(search), page: ALL_PAGES });
      return { slugs: result.products.map((p) => p.slug), sizes: result.facets["bed-size"] };
    };
    const range = "f=price-range-24500-25500";
    const others = (size: string) =>
      listed.filter(
        (f) =>
          f.slug !== "product-1" &&
          f.status === "active" &&
          f.variants.some((v) => v.size === size && v.price >= 24_500 && v.price <= 25_500),
      ).length;

    const before = await sizesIn(range);
    expect(before.slugs).toContain("product-1");
    expect(before.sizes.queen).toBe(others("queen") + 1);
    expect(before.sizes.double).toBe(others("double") + 1);
    expect(before.sizes.king).toBe(others("king"));
    expect((await sizesIn(`${range}&f=bed-size-king`)).slugs).not.toContain("product-1");

    await db().update(variants).set({ priceCents: 25_200_00 }).where(eq(variants.id, king!.id));
    const after = await sizesIn(range);
    expect(after.sizes.king).toBe(others("king") + 1);
    expect((await sizesIn(`${range}&f=bed-size-king`)).slugs).toContain("product-1");
    expect((await sizesIn(`${range}&f=bed-size-queen&f=bed-size-double`)).slugs).toContain(
      "product-1",
    );
  });

  // A listing's counts come from the listing index, loaded once per catalogue version and shared
  // by every listing (whatever its search, filters, sort or page), and a search's products are
  // kept per search: an edit must show in them at once.
  const latexCandidates = () =>
    listed.filter(
      (f) =>
        f.slug !== "product-0" &&
        f.slug !== "product-1" &&
        f.category === "mattresses" &&
        f.attributes["mattress-type"] &&
        f.attributes["mattress-type"] !== "latex",
    );
  it.each([
    ["category=mattresses", 0],
    ["q=mattress", 1],
    ["category=mattresses&f=price-range-0-30000", 2],
  ])("follows edits in the counts of %j and the listings sharing its base", async (base, nth) => {
    const product = latexCandidates()[nth]!;
    const was = product.attributes["mattress-type"]!;
    const before = await searchProducts(query(base));
    await db().update(products).set({ mattressType: "latex" }).where(eq(products.id, product.id!));
    const after = await searchProducts(query(`${base}&sort=newest`));
    expect(after.facets["mattress-type"].latex).toBe(before.facets["mattress-type"].latex! + 1);
    expect(after.facets["mattress-type"][was]).toBe(before.facets["mattress-type"][was]! - 1);
    expect(after.total).toBe(before.total);
  });
});
