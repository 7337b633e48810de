import { describe, expect, it } from "vitest";
import {
  filterTokens,
  listingSearchParams,
  parseListingQuery,
  tokenLabel,
  withoutToken,
  withToken,
} from "./listing-query";

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("parseListingQuery", () => {
  it("reads search, category, filters, sort and page", () => {
    const query = parse(
      "q=+queen+&category=beds&f=brand-sealy&f=mattress-type-memory-foam&f=price-range-0-15000&sort=price-asc&page=3",
    );
    expect(query).toEqual({
      q: "queen",
      category: "beds",
      selections: { brand: ["sealy"], "mattress-type": ["memory-foam"] },
      price: [0, 15000],
      sort: "price-asc",
      page: 3,
    });
  });

  it("ignores duplicates, unknown options and malformed values", () => {
    const query = parse(
      "f=brand-sealy&f=brand-sealy&f=brand-acme&f=colour-red&sort=cheapest&page=-4&category=cars",
    );
    expect(query.selections).toEqual({ brand: ["sealy"] });
    expect(query.sort).toBe("featured");
    expect(query.page).toBe(1);
    expect(query.category).toBeNull();
  });

  it("keeps one price range, the latest, inside the slider's bounds", () => {
    expect(parse("f=price-range-0-5000&f=price-range-1000-90000").price).toEqual([1000, 30000]);
    expect(parse("f=price-range-8000-2000").price).toEqual([2000, 8000]);
  });

  it("uses a category page's own category whatever the URL says", () => {
    expect(parseListingQuery(new URLSearchParams("category=beds"), "mattresses").category).toBe(
      "mattresses",
    );
  });
});

describe("tokens", () => {
  it("round-trips through the URL", () => {
    const query = parse(
      "q=foam&f=bed-size-queen&f=bed-size-double&f=price-range-500-3000&sort=rating",
    );
    expect(filterTokens(query)).toEqual([
      "bed-size-double",
      "bed-size-queen",
      "price-range-500-3000",
    ]);
    expect(parse(listingSearchParams(query).toString())).toEqual(query);
  });

  it("adds, replaces and removes tokens and goes back to the first page", () => {
    let query = parse("page=3");
    query = withToken(query, "comfort-level-firm");
    query = withToken(query, "comfort-level-firm");
    query = withToken(query, "price-range-0-5000");
    query = withToken(query, "price-range-1000-2000");
    expect(filterTokens(query)).toEqual(["comfort-level-firm", "price-range-1000-2000"]);
    expect(query.page).toBe(1);
    query = withoutToken(query, "comfort-level-firm");
    query = withoutToken(query, "price-range-1000-2000");
    expect(filterTokens(query)).toEqual([]);
  });

  it("labels chips as the filter panel does", () => {
    expect(tokenLabel("bed-type-adjustable")).toBe("Adjustable Base");
    expect(tokenLabel("price-range-0-15000")).toBe("R0 - R15,000");
  });
});
