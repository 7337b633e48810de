import { eq } from "drizzle-orm";
import type { EntryContext, ShouldRevalidateFunctionArgs } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { productPageMeta } from "~/components/store/product-detail/product-meta";
import { db } from "~/db/client.server";
import { brands, categories, products, reviewPhotos, reviews, users, variants } from "~/db/schema";
import { parseListingQuery } from "~/domain/catalog/listing-query";
import { searchProducts } from "~/domain/catalog/search-products.server";
import { homeClaims, STORIES_SHOWN } from "~/domain/reviews/home-claims.server";
import { publishReview, rejectReview } from "~/domain/reviews/moderate-review.server";
import { refreshProductRating } from "~/domain/reviews/product-rating.server";
import { reviewSummary } from "~/domain/reviews/product-reviews.server";
import { REVIEWS_PAGE_SIZE } from "~/domain/reviews/review-sorts";
import { getStoreSettings, publicStoreSettings } from "~/domain/settings/store-settings.server";
import { clearRenderCache, renderCacheKey } from "~/lib/render-cache.server";
import { loader as homeLoader } from "~/routes/store/home";
import { loader as productLoader, shouldRevalidate } from "~/routes/store/product";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";

useTestDatabase();

const staff = { id: "reviews-staff", email: "staff@test-beds.example" };
let categoryIds: { pillows: number; mattresses: number };
let brandIds: { sealy: number; serta: number; unsold: number };
let sku = 0;

beforeAll(async () => {
  await insertStoreSettings({ claimYearsTrading: " 15+ ", claimHappyCustomers: "" });
  await db()
    .insert(users)
    .values({ id: staff.id, name: "Staff", email: staff.email, role: "staff" });
  const [pillows, mattresses] = await db()
    .insert(categories)
    .values([
      { slug: "pillows", name: "Pillows" },
      { slug: "mattresses", name: "Mattresses" },
    ])
    .returning();
  categoryIds = { pillows: pillows!.id, mattresses: mattresses!.id };
  const [sealy, serta, unsold] = await db()
    .insert(brands)
    .values([
      { slug: "sealy", name: "Sealy" },
      { slug: "serta", name: "Serta" },
      { slug: "unsold", name: "Unsold" },
    ])
    .returning();
  brandIds = { sealy: sealy!.id, serta: serta!.id, unsold: unsold!.id };
});

async function addProduct(
  slug: string,
  options: {
    category?: "pillows" | "mattresses";
    brandId?: number;
    status?: "active" | "draft";
  } = {},
) {
  const [row] = await db()
    .insert(products)
    .values({
      slug,
      title: `Product ${slug}`,
      type: "Mattress",
      description: "Soft on top, firm below.",
      categoryId: categoryIds[options.category ?? "mattresses"],
      brandId: options.brandId ?? null,
      status: options.status ?? "active",
    })
    .returning({ id: products.id });
  await db()
    .insert(variants)
    .values({ productId: row!.id, size: "queen", sku: `RV-${++sku}`, priceCents: 499900 });
  return row!.id;
}

type ReviewInput = Partial<typeof reviews.$inferInsert> & { rating: number };

/** Review rows as the write form and moderation leave them; published ones are counted. */
async function addReviews(productId: number, list: ReviewInput[]) {
  const rows = await db()
    .insert(reviews)
    .values(
      list.map((r, i) => ({
        productId,
        displayName: `Writer ${i + 1}`,
        status: "published" as const,
        publishedAt: new Date(Date.UTC(2026, 9, 1 + (i % 28), 10)),
        ...r,
      })),
    )
    .returning({ id: reviews.id });
  await db().transaction((tx) => refreshProductRating(tx, productId));
  return rows.map((r) => r.id);
}

const stars = (rating: number, count: number): ReviewInput[] =>
  Array.from({ length: count }, () => ({ rating }));

async function loadProduct(slug: string, search = "") {
  return productLoader({
    params: { slug },
    request: new Request(`http://shop.test/products/${slug}${search}`),
  } as Parameters<typeof productLoader>[0]);
}

type Loaded = Awaited<ReturnType<typeof loadProduct>>;

/** The page's schema.org Product, as its meta tags carry it. */
function productLd(loaded: Loaded) {
  const tags = productPageMeta(loaded.product, loaded.reviews, "https://shop.example", []);
  const ld = tags
    .map((t) => (t as { "script:ld+json"?: { "@type": string } })["script:ld+json"])
    .find((d) => d?.["@type"] === "Product");
  return ld as Record<string, unknown>;
}

async function cardOf(slug: string) {
  const listing = await searchProducts(parseListingQuery(new URLSearchParams("page=4")));
  return listing.products.find((p) => p.slug === slug);
}

// First: the shop's mean of published reviews is part of the ranking, and the later tests
// publish more reviews.
describe("Highest Rated", () => {
  // Chosen so that the shop's mean of published reviews is exactly 4.5 (567 stars / 126).
  const CASES: { slug: string; ratings: ReviewInput[] }[] = [
    { slug: "one-five", ratings: stars(5, 1) },
    { slug: "hundred-at-4-8", ratings: [...stars(5, 80), ...stars(4, 20)] },
    { slug: "none-a", ratings: [] },
    { slug: "tie-x", ratings: stars(4, 2) },
    { slug: "at-the-mean", ratings: [{ rating: 4 }, { rating: 5 }] },
    { slug: "none-b", ratings: [] },
    { slug: "tie-y", ratings: stars(4, 2) },
    { slug: "so-so", ratings: stars(3, 19) },
    // Hidden reviews weigh nothing, on the product or in the shop's mean.
    {
      slug: "pending-only",
      ratings: [
        { rating: 5, status: "pending", publishedAt: null },
        { rating: 1, status: "rejected", publishedAt: null },
      ],
    },
  ];

  beforeAll(async () => {
    for (const c of CASES) {
      const id = await addProduct(c.slug, { category: "pillows" });
      if (c.ratings.length > 0) await addReviews(id, c.ratings);
    }
  });

  it("counts the hundred at 4.8 as the product's row says", async () => {
    const [row] = await db()
      .select({ count: products.reviewCount, total: products.ratingTotal, rating: products.rating })
      .from(products)
      .where(eq(products.slug, "hundred-at-4-8"));
    expect(row).toEqual({ count: 100, total: 480, rating: 4.8 });
    expect((await homeClaims()).averageRating).toBe(4.5);
  });

  it("ranks by the Bayesian average, ties by review count and then by id", async () => {
    const listing = await searchProducts(
      parseListingQuery(new URLSearchParams("sort=rating&page=2"), "pillows"),
    );
    expect(listing.products.map((p) => p.slug)).toEqual([
      "hundred-at-4-8", // (5 × 4.5 + 480) / 105 = 4.79
      "one-five", // (22.5 + 5) / 6 = 4.58: one 5-star review does not outrank a hundred at 4.8
      "at-the-mean", // 4.5 with two reviews ...
      "none-a", // ... before 4.5 with none; then by id
      "none-b",
      "pending-only", // a pending 5 and a rejected 1 leave it with none
      "tie-x", // (22.5 + 8) / 7 = 4.36, the same as tie-y: by id
      "tie-y",
      "so-so", // (22.5 + 57) / 24 = 3.31
    ]);
  });
});

describe("a review not published", () => {
  let pendingId: number;
  beforeAll(async () => {
    const productId = await addProduct("hidden-reviews", { brandId: brandIds.sealy });
    const ids = await addReviews(productId, [
      {
        rating: 1,
        status: "pending",
        publishedAt: null,
        displayName: "Pending Writer",
        featured: true,
      },
      { rating: 2, status: "rejected", publishedAt: null, displayName: "Rejected Writer" },
    ]);
    pendingId = ids[0]!;
  });

  it("shows nowhere: the page, its card, its structured data and the home page", async () => {
    const page = await loadProduct("hidden-reviews");
    expect(page.product).toMatchObject({ rating: 0, reviewCount: 0 });
    expect(page.reviews.summary.count).toBe(0);
    expect(page.reviews.summary.histogram.every((h) => h.count === 0)).toBe(true);
    // The page reads no reviews for a product whose row counts none: the same as counting them.
    expect(page.reviews.summary).toEqual(await reviewSummary(page.product.id));
    expect(page.reviews.reviews).toEqual([]);
    expect(JSON.stringify(page)).not.toContain("Writer");
    expect(await cardOf("hidden-reviews")).toMatchObject({ rating: 0, reviewCount: 0 });
    const ld = productLd(page);
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("review");
    const claims = await homeClaims();
    expect(claims.stories.map((s) => s.displayName)).not.toContain("Pending Writer");
  });

  it("once published, changes the card, the summary, the histogram and the structured data on the next request", async () => {
    clearRenderCache();
    const before = await loadProduct("hidden-reviews");
    expect(await cardOf("hidden-reviews")).toMatchObject({ reviewCount: 0 });

    await publishReview({ id: pendingId, actor: staff });

    const after = await loadProduct("hidden-reviews");
    expect(after.product).toMatchObject({ rating: 1, reviewCount: 1 });
    expect(after.reviews.summary).toEqual({
      count: 1,
      average: 1,
      histogram: [
        { stars: 5, count: 0 },
        { stars: 4, count: 0 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
    });
    expect(after.reviews.reviews.map((r) => r.displayName)).toEqual(["Pending Writer"]);
    expect(await cardOf("hidden-reviews")).toMatchObject({ rating: 1, reviewCount: 1 });
    expect(productLd(after)).toMatchObject({
      aggregateRating: { "@type": "AggregateRating", ratingValue: "1.0", reviewCount: 1 },
      review: [
        {
          "@type": "Review",
          author: { "@type": "Person", name: "Pending Writer" },
          reviewRating: { ratingValue: "1" },
        },
      ],
    });
    // The rendered page is kept by its loader data: the published review gives another page.
    expect(cacheKey(after, "hidden-reviews")).not.toBe(cacheKey(before, "hidden-reviews"));
  });

  it("rejected after publishing, leaves the page and the card again", async () => {
    await rejectReview({ id: pendingId, reason: "Not about this product.", actor: staff });
    const page = await loadProduct("hidden-reviews");
    expect(page.reviews.summary.count).toBe(0);
    expect(productLd(page)).not.toHaveProperty("aggregateRating");
    expect(await cardOf("hidden-reviews")).toMatchObject({ reviewCount: 0 });
  });
});

function cacheKey(loaderData: unknown, slug: string) {
  const context = {
    isSpaMode: false,
    staticHandlerContext: {
      matches: [{ route: { id: "root" } }, { route: { id: "routes/store/product" } }],
      loaderData: { root: { theme: "system" }, "routes/store/product": loaderData },
      actionData: null,
      errors: null,
    },
  } as unknown as EntryContext;
  return renderCacheKey(new Request(`http://shop.test/products/${slug}`), 200, context);
}

describe("the product page's reviews", () => {
  beforeAll(async () => {
    const id = await addProduct("many-reviews", { brandId: brandIds.serta });
    const ratings = [5, 4, 3, 5, 2, 5, 1, 4, 5, 3, 4, 5];
    const [first] = await addReviews(
      id,
      ratings.map((rating, i) => ({
        rating,
        displayName: `Shopper ${i + 1}`,
        title: i === 0 ? "Best sleep in years" : "",
        body: `Review ${i + 1}`,
        verifiedBuyer: i % 2 === 0,
        reply: i === 0 ? "Thank you for choosing us." : "",
        publishedAt: new Date(Date.UTC(2026, 9, 1 + i, 10)),
      })),
    );
    await db()
      .insert(reviewPhotos)
      .values({ reviewId: first!, file: "reviews/photo-1.webp", width: 800, height: 600 });
  });

  it("lists the newest first, a page at a time, with photos, marks and the shop's reply", async () => {
    const page = await loadProduct("many-reviews");
    expect(page.reviews).toMatchObject({ sort: "newest", page: 1, pages: 3 });
    expect(page.reviews.reviews.map((r) => r.displayName)).toEqual(
      ["Shopper 12", "Shopper 11", "Shopper 10", "Shopper 9", "Shopper 8"].slice(
        0,
        REVIEWS_PAGE_SIZE,
      ),
    );
    const last = await loadProduct("many-reviews", "?page=3");
    const first = last.reviews.reviews.at(-1)!;
    expect(first).toMatchObject({
      displayName: "Shopper 1",
      title: "Best sleep in years",
      verifiedBuyer: true,
      reply: "Thank you for choosing us.",
      photos: [{ file: "reviews/photo-1.webp", width: 800, height: 600 }],
    });
    expect(page.reviews.summary).toMatchObject({ count: 12, average: 3.8 });
    expect(page.reviews.summary.histogram.map((h) => h.count)).toEqual([5, 3, 2, 1, 1]);
  });

  it.each([
    ["?sort=highest", "highest", 1, [5, 5, 5, 5, 5]],
    ["?sort=lowest", "lowest", 1, [1, 2, 3, 3, 4]],
    ["?sort=lowest&page=3", "lowest", 3, [5, 5]],
    ["?sort=nonsense&page=99", "newest", 3, [4, 5]],
    ["?page=-4", "newest", 1, [5, 4, 3, 5, 4]],
  ])("reads %s as the %s sort, page %i", async (search, sort, pageNumber, ratings) => {
    const page = await loadProduct("many-reviews", search);
    expect(page.reviews).toMatchObject({ sort, page: pageNumber });
    expect(page.reviews.reviews.map((r) => r.rating)).toEqual(ratings);
  });

  it("puts only the page's reviews in the structured data, with the page's rating", async () => {
    const ld = productLd(await loadProduct("many-reviews", "?sort=lowest"));
    expect(ld.aggregateRating).toMatchObject({ ratingValue: "3.8", reviewCount: 12 });
    expect(
      (ld.review as { reviewRating: { ratingValue: string } }[]).map(
        (r) => r.reviewRating.ratingValue,
      ),
    ).toEqual(["1", "2", "3", "3", "4"]);
  });

  it("loads again when the reviews' sort or page changes, not when only the size does", () => {
    const revalidates = (from: string, to: string) =>
      shouldRevalidate({
        currentUrl: new URL(`http://shop.test/products/a${from}`),
        nextUrl: new URL(`http://shop.test/products/a${to}`),
        defaultShouldRevalidate: true,
      } as ShouldRevalidateFunctionArgs);
    expect(revalidates("", "?size=king")).toBe(false);
    expect(revalidates("?sort=lowest", "?sort=lowest&size=king")).toBe(false);
    expect(revalidates("", "?sort=highest")).toBe(true);
    expect(revalidates("?sort=highest", "?sort=highest&page=2")).toBe(true);
    expect(revalidates("?size=king&page=2", "?size=king")).toBe(true);
  });
});

describe("the home page's figures", () => {
  beforeAll(async () => {
    await addProduct("draft-bed", { brandId: brandIds.unsold, status: "draft" });
    const featured = await addProduct("featured-bed", { brandId: brandIds.sealy });
    await addReviews(
      featured,
      Array.from({ length: STORIES_SHOWN + 2 }, (_, i) => ({
        rating: 5,
        displayName: `Story ${i + 1}`,
        featured: i !== 0,
        verifiedBuyer: i % 2 === 1,
        publishedAt: new Date(Date.UTC(2026, 10, 1 + i)),
      })),
    );
  });

  it("counts the published reviews and the brands on sale, and shows featured published reviews newest first", async () => {
    const published = await db()
      .select({ rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.status, "published"));
    const average =
      Math.round((published.reduce((n, r) => n + r.rating, 0) / published.length) * 10) / 10;

    const { claims } = await homeLoader();
    expect(claims.reviewCount).toBe(published.length);
    expect(claims.averageRating).toBe(average);
    // Sealy and Serta have active products; the unsold brand only a draft.
    expect(claims.brandCount).toBe(2);
    expect(claims.stories.map((s) => s.displayName)).toEqual([
      "Story 8",
      "Story 7",
      "Story 6",
      "Story 5",
      "Story 4",
      "Story 3",
    ]);
    expect(claims.stories[0]).toMatchObject({
      productSlug: "featured-bed",
      productTitle: "Product featured-bed",
      verifiedBuyer: true,
      rating: 5,
    });
    expect(claims.stories[1]!.verifiedBuyer).toBe(false);
  });

  it("states what the shop cannot count from its settings, and leaves out what is empty", async () => {
    const settings = publicStoreSettings(await getStoreSettings());
    expect(settings).toMatchObject({ claimYearsTrading: "15+", claimHappyCustomers: "" });
  });
});
