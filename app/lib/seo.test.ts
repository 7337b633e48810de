import { describe, expect, it } from "vitest";
import { seoMeta, shortDescription } from "./seo";
import { decimalPrice, productJsonLd } from "./structured-data";

describe("seoMeta", () => {
  it("gives an absolute canonical URL and Open Graph tags for the page without its query", () => {
    const tags = seoMeta({
      title: "Oak Bed | Shop",
      description: "A solid oak bed.",
      origin: "https://shop.example/",
      path: "/products/oak-bed",
      type: "product",
      image: {
        url: "https://shop.example/media/oak-960.webp",
        alt: "Oak",
        width: 960,
        height: 720,
      },
    });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/products/oak-bed",
    });
    expect(tags).toContainEqual({
      property: "og:url",
      content: "https://shop.example/products/oak-bed",
    });
    expect(tags).toContainEqual({ property: "og:type", content: "product" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://shop.example/media/oak-960.webp",
    });
    expect(tags).toContainEqual({ title: "Oak Bed | Shop" });
  });

  it("leaves out the canonical URL when the origin is unknown", () => {
    const tags = seoMeta({ title: "T", description: "D", origin: undefined, path: "/" });
    expect(tags.some((t) => "rel" in t || ("property" in t && t.property === "og:url"))).toBe(
      false,
    );
  });
});

describe("shortDescription", () => {
  it("keeps short texts and cuts long ones at a word", () => {
    expect(shortDescription("  A  soft   bed. ")).toBe("A soft bed.");
    const cut = shortDescription("word ".repeat(60), 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toMatch(/word…$/);
  });
});

describe("productJsonLd", () => {
  const base = {
    name: "Oak Bed",
    description: "Solid oak.",
    url: "https://shop.example/products/oak-bed",
    images: ["https://shop.example/media/oak-960.webp"],
    brand: "Sealy",
    rating: 4.75,
    reviewCount: 8,
    offers: [
      { name: "Queen", sku: "OB-QN", priceCents: 349900, available: true, url: "u?size=queen" },
      { name: "King", sku: "OB-KG", priceCents: 419950, available: false, url: "u?size=king" },
    ],
  };

  it("offers each size in Rand as a decimal string, in or out of stock", () => {
    const ld = productJsonLd(base);
    expect(ld["@type"]).toBe("Product");
    expect(ld.offers).toEqual([
      expect.objectContaining({
        sku: "OB-QN",
        price: "3499.00",
        priceCurrency: "ZAR",
        availability: "https://schema.org/InStock",
      }),
      expect.objectContaining({
        sku: "OB-KG",
        price: "4199.50",
        availability: "https://schema.org/OutOfStock",
      }),
    ]);
    expect(ld).toMatchObject({ brand: { "@type": "Brand", name: "Sealy" } });
    expect(ld).toMatchObject({ aggregateRating: { ratingValue: "4.8", reviewCount: 8 } });
  });

  it("claims no rating without reviews and no brand when there is none", () => {
    const ld = productJsonLd({ ...base, brand: null, reviewCount: 0 });
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("brand");
  });

  const review = {
    author: "Thandi, Rustenburg",
    rating: 5,
    datePublished: "2026-11-20",
    title: "Sleeps well",
    body: "Firm and cool.",
  };

  it("carries a Review for each published review given, with its author, rating and date", () => {
    const ld = productJsonLd({ ...base, reviews: [review, { ...review, title: "", rating: 4 }] });
    expect(ld.review).toEqual([
      {
        "@type": "Review",
        author: { "@type": "Person", name: "Thandi, Rustenburg" },
        reviewRating: { "@type": "Rating", ratingValue: "5", bestRating: "5", worstRating: "1" },
        datePublished: "2026-11-20",
        name: "Sleeps well",
        reviewBody: "Firm and cool.",
      },
      expect.objectContaining({ reviewRating: expect.objectContaining({ ratingValue: "4" }) }),
    ]);
    expect(ld.review![1]).not.toHaveProperty("name");
  });

  it.each([
    ["no published review", { reviewCount: 0, reviews: [review] }],
    ["no review on the page", { reviews: [] }],
    ["no reviews given", {}],
  ])("has no Review entries with %s", (_, input) => {
    expect(productJsonLd({ ...base, ...input })).not.toHaveProperty("review");
  });

  it("writes cents as Rand with two decimals", () => {
    expect(decimalPrice(1)).toBe("0.01");
    expect(decimalPrice(319900)).toBe("3199.00");
  });
});
