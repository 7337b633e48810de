import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductCardData } from "~/domain/catalog/product-card";
import type { ProductReviewPage } from "~/domain/reviews/product-review-page.server";
import type { HomeClaims } from "~/domain/reviews/home-claims.server";
import type { PublicStoreSettings } from "~/domain/settings/store-settings.server";
import { BrandGrid } from "./home/brand-grid";
import { Testimonials } from "./home/testimonials";
import { TrustStrip } from "./home/trust-strip";
import { WhyChooseUs } from "./home/why-choose-us";
import { ProductCard } from "./product-card";
import { ProductReviews } from "./product-detail/reviews/product-reviews";
import { SiteFooter } from "./site-footer";
import ProductPage from "~/routes/store/product";

const hours = { label: "Store Hours", lines: [{ days: "Mon-Fri", hours: "8:30AM-5:30PM" }] };
const SETTINGS = {
  storeName: "Test Beds",
  legalName: "Test Beds (Pty) Ltd",
  registrationNumber: "2020/000001/07",
  vatNumber: "",
  streetAddress: "1 Test Street",
  town: "Lichtenburg",
  province: "North West",
  postalCode: "2740",
  phone: "018 000 0000",
  whatsapp: "27820000000",
  email: "shop@test-beds.example",
  footerHours: hours,
  showroomHours: hours,
  deliveryHours: hours,
  socialLinks: {},
  freeDeliveryThresholdCents: 200000,
  standardDeliveryCents: 29900,
  expressDeliveryCents: 29900,
  removalFeeCents: 0,
  assemblyFeeCents: 0,
  laybyMinDepositCents: 50000,
  laybyChargeBasisPoints: 100,
  claimYearsTrading: "",
  claimHappyCustomers: "",
} as unknown as PublicStoreSettings;

/** The page's text as a reader hears it (screen-reader text included). */
function render(node: ReactNode, settings: Partial<PublicStoreSettings> = {}, url = "/") {
  const Stub = createRoutesStub([
    {
      id: "routes/store/layout",
      path: "/",
      Component: () => createElement(Outlet),
      children: [
        { index: true, Component: () => node as never },
        { path: "*", Component: () => node as never },
      ],
    },
  ]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [url],
      hydrationData: {
        loaderData: { "routes/store/layout": { settings: { ...SETTINGS, ...settings } } },
      },
    }),
  );
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}

const NO_CLAIMS: HomeClaims = { reviewCount: 0, averageRating: 0, brandCount: 0, stories: [] };
const CLAIMS: HomeClaims = {
  reviewCount: 124,
  averageRating: 4.7,
  brandCount: 12,
  stories: [
    {
      id: 1,
      rating: 5,
      title: "Slept through",
      body: "Firm and cool.",
      displayName: "Thandi, Rustenburg",
      verifiedBuyer: true,
      productTitle: "Queen Spring Bed",
      productSlug: "queen-spring-bed",
    },
    {
      id: 2,
      rating: 4,
      title: "",
      body: "Good value.",
      displayName: "Johan",
      verifiedBuyer: false,
      productTitle: "Double Foam Bed",
      productSlug: "double-foam-bed",
    },
  ],
};
const INVENTED = ["15+", "5,000+", "5000+", "2000+", "50+", "24/7", "2009"];

describe("the home page's claims", () => {
  it("states no figure the shop has neither counted nor set", () => {
    const parts = [
      render(createElement(TrustStrip, { claims: NO_CLAIMS })).text,
      render(createElement(Testimonials, { claims: NO_CLAIMS })).text,
      render(createElement(WhyChooseUs)).text,
      render(createElement(BrandGrid, { brands: [{ id: 1, name: "Sealy" }], brandCount: 1 })).text,
      render(createElement(SiteFooter)).text,
    ].join(" | ");
    expect(parts).toContain("Delivery in Lichtenburg");
    expect(parts).toContain("Why choose Test Beds?");
    expect(parts).toContain("Brands We Stock");
    expect(parts).toContain("Quality beds, mattresses and bedding");
    for (const figure of INVENTED) expect(parts).not.toContain(figure);
    expect(parts).not.toMatch(/years of|years,|happy customers|reviews|rated|★/i);
    // With no featured review there is no stories section at all.
    expect(render(createElement(Testimonials, { claims: NO_CLAIMS })).html).toBe("");
  });

  it("shows the counted figures from the data and the rest from the settings", () => {
    const settings = { claimYearsTrading: "15+", claimHappyCustomers: "5,000+" };
    const strip = render(createElement(TrustStrip, { claims: CLAIMS }), settings).text;
    expect(strip).toContain("15+ Years of experience");
    expect(strip).toContain("5,000+ Happy customers");
    expect(strip).toContain("4.7 / 5 From 124 reviews");
    expect(strip).toContain("12 Brands");
    expect(strip).toContain("Mon-Fri Open 8:30AM-5:30PM");
    expect(render(createElement(WhyChooseUs), settings).text).toContain(
      "A family shop in Lichtenburg for 15+ years",
    );
    expect(render(createElement(SiteFooter), settings).text).toContain("family for 15+ years.");
    expect(
      render(createElement(BrandGrid, { brands: [{ id: 1, name: "Sealy" }], brandCount: 12 })).text,
    ).toContain("12 bed and mattress brands");
  });

  it("tells customer stories from featured reviews, marking only verified buyers", () => {
    const { text } = render(createElement(Testimonials, { claims: CLAIMS }));
    expect(text).toContain("Rated 4.7 out of 5 from 124 reviews");
    expect(text).toContain("Thandi, Rustenburg Verified buyer");
    expect(text).toContain("Johan On the Double Foam Bed");
    expect(text.match(/Verified buyer/g)).toHaveLength(1);
  });
});

const card = (figures: { rating: number; reviewCount: number }): ProductCardData => ({
  id: 1,
  slug: "oak-bed",
  title: "Oak Bed",
  type: "Bed",
  badge: null,
  isNew: false,
  description: "",
  laybyText: "",
  deliveryText: "",
  image: null,
  variants: [],
  ...figures,
});

describe("a product card", () => {
  it("shows no stars without published reviews", () => {
    const { text } = render(
      createElement(ProductCard, { product: card({ rating: 0, reviewCount: 0 }) }),
    );
    expect(text).not.toMatch(/★|Rated|review/);
  });

  it("shows the stars and the count with them", () => {
    const { text } = render(
      createElement(ProductCard, { product: card({ rating: 4.3, reviewCount: 3 }) }),
    );
    expect(text).toContain("Rated 4.3 out of 5");
    expect(text).toContain("4.3 (3 reviews");
  });
});

const noReviews: ProductReviewPage = {
  summary: {
    count: 0,
    average: 0,
    histogram: [5, 4, 3, 2, 1].map((stars) => ({ stars, count: 0 })),
  },
  reviews: [],
  sort: "newest",
  page: 1,
  pages: 1,
};

describe("a product page's reviews", () => {
  it("says there are none yet and invites buyers, with no stars", () => {
    const { text } = render(
      createElement(ProductReviews, { reviews: noReviews }),
      {},
      "/products/oak",
    );
    expect(text).toContain("No reviews yet.");
    expect(text).toContain("Bought this? We e-mail you a link to review it after delivery.");
    expect(text).not.toMatch(/★|Rated|out of 5/);
  });

  it("shows the summary, an accessible histogram, the reviews and links to sort and page", () => {
    const reviews: ProductReviewPage = {
      summary: {
        count: 13,
        average: 4.5,
        histogram: [
          { stars: 5, count: 12 },
          { stars: 4, count: 0 },
          { stars: 3, count: 0 },
          { stars: 2, count: 0 },
          { stars: 1, count: 1 },
        ],
      },
      reviews: [
        {
          id: 7,
          rating: 5,
          title: "Best sleep",
          body: "Firm and cool.",
          displayName: "Thandi",
          verifiedBuyer: true,
          publishedAt: "2026-11-20T08:00:00.000Z",
          reply: "Thank you, Thandi.",
          photos: [{ file: "reviews/7-1.webp", width: 800, height: 600 }],
        },
      ],
      sort: "highest",
      page: 2,
      pages: 3,
    };
    const { html, text } = render(
      createElement(ProductReviews, { reviews }),
      {},
      "/products/oak?size=king&sort=highest&page=2",
    );
    expect(text).toContain("4.5 out of 5");
    expect(text).toContain("Based on 13 reviews");
    expect(text).toContain("5 stars: 12 reviews");
    expect(text).toContain("4 stars: 0 reviews");
    expect(text).toContain("1 star: 1 review");
    expect(text).toContain("Best sleep");
    expect(text).toContain("Thandi Verified buyer");
    expect(text).toContain("20 November 2026");
    expect(text).toContain("Reply from Test Beds Thank you, Thandi.");
    expect(html).toContain('alt="Photo 1 of 1 from Thandi&#x27;s review"');
    expect(html).toContain('src="/media/reviews/7-1.webp"');
    // The size stays chosen; the default sort and the first page have the plain address.
    expect(html).toContain('href="/products/oak?size=king#reviews"');
    expect(html).toContain('href="/products/oak?size=king&amp;sort=lowest#reviews"');
    expect(html).toContain('href="/products/oak?size=king&amp;sort=highest&amp;page=3#reviews"');
    expect(html).toMatch(/aria-current="page"[^>]*>Highest rating</);
  });
});

describe("a product page's header", () => {
  const product = {
    ...card({ rating: 4.9, reviewCount: 51 }),
    images: [],
    category: { slug: "mattresses", name: "Mattresses" },
    brand: null,
    updatedAt: new Date(0),
  };
  const page = (reviews: ProductReviewPage) =>
    render(
      createElement(ProductPage, {
        loaderData: { product, reviews, origin: "https://shop.example" },
      } as unknown as Parameters<typeof ProductPage>[0]),
      {},
      "/products/oak-bed",
    ).text;

  it("draws stars from the published reviews the page lists, whatever the row once held", () => {
    const text = page(noReviews);
    expect(text).toContain("Oak Bed");
    expect(text).toContain("No reviews yet.");
    expect(text).not.toMatch(/★|Rated|51/);
  });

  it("shows the published reviews' average and count beside the title", () => {
    const summary = { ...noReviews.summary, count: 2, average: 4.5 };
    expect(page({ ...noReviews, summary })).toContain("Rated 4.5 out of 5 4.5 (2 reviews");
  });
});
