import { describe, expect, it } from "vitest";
import { parseListingQuery } from "./listing-query";
import { categoryOnly, nearerQueries } from "./nearest-listing";

const parse = (search: string, fixed: "mattresses" | null = null) =>
  parseListingQuery(new URLSearchParams(search), fixed);

describe("nearerQueries", () => {
  it("leaves out one thing at a time: the text, each group, the price, the category", () => {
    const query = parse(
      "q=cloud&category=mattresses&f=bed-size-queen&f=bed-size-king&f=mattress-type-latex&f=price-range-0-2000&page=3",
    );
    const nearer = nearerQueries(query, null);
    expect(nearer.map((n) => n.dropped)).toEqual([
      [{ kind: "text" }],
      [{ kind: "group", group: "mattress-type" }],
      [{ kind: "group", group: "bed-size" }],
      [{ kind: "price" }],
      [{ kind: "category" }],
    ]);
    expect(nearer[2]!.query.selections).toEqual({ "mattress-type": ["latex"] });
    // Each keeps everything else, from the first page.
    for (const { query: q } of nearer) expect(q.page).toBe(1);
    expect(nearer[0]!.query).toMatchObject({ q: "", category: "mattresses", price: [0, 2000] });
  });

  it("never leaves out a category page's own category", () => {
    const nearer = nearerQueries(parse("f=bed-size-queen", "mattresses"), "mattresses");
    expect(nearer).toEqual([
      {
        query: expect.objectContaining({ category: "mattresses", selections: {} }),
        dropped: [{ kind: "group", group: "bed-size" }],
      },
    ]);
  });

  it("offers nothing that would keep nothing: every product is not near", () => {
    expect(nearerQueries(parse("q=xylophonezz"), null)).toEqual([]);
    expect(nearerQueries(parse("f=bed-size-queen"), null)).toEqual([]);
  });
});

describe("categoryOnly", () => {
  it("keeps only the category of a listing that had two things more", () => {
    const query = parse("q=cloud&category=beds&f=bed-type-divan");
    expect(categoryOnly(query)).toEqual({
      query: { ...query, q: "", selections: {}, price: null, page: 1 },
      dropped: [{ kind: "text" }, { kind: "group", group: "bed-type" }],
    });
    expect(categoryOnly(parse("q=cloud&category=beds"))).toBeNull();
    expect(categoryOnly(parse("q=cloud&f=bed-type-divan"))).toBeNull();
  });
});
