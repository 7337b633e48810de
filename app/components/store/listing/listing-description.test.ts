import { describe, expect, it } from "vitest";
import { parseListingQuery } from "~/domain/catalog/listing-query";
import { describeListing, droppedWords } from "./listing-description";

const parse = (search: string) => parseListingQuery(new URLSearchParams(search));

describe("describeListing", () => {
  it.each([
    [
      "category=mattresses&f=bed-size-queen&f=mattress-type-latex&f=price-range-0-2000",
      "Queen Latex mattresses up to R2,000",
    ],
    [
      "f=bed-size-queen&f=bed-size-king&f=price-range-3000-6000",
      "Queen or King products R3,000 to R6,000",
    ],
    ["q=cloud&category=beds&f=price-range-8000-30000", "bed frames from R8,000 matching “cloud”"],
    ["", "products"],
  ])("says %s as %j", (search, words) => {
    expect(describeListing(parse(search))).toBe(words);
  });
});

describe("droppedWords", () => {
  it("names what was left out", () => {
    const query = parse("q=cloud&f=mattress-type-latex&f=price-range-0-2000");
    expect(droppedWords(query, [{ kind: "group", group: "mattress-type" }])).toBe("Latex");
    expect(droppedWords(query, [{ kind: "text" }, { kind: "price" }])).toBe(
      "the search “cloud” and the price limit (up to R2,000)",
    );
  });
});
