import { describe, expect, it } from "vitest";
import { parseListingQuery } from "./listing-query";
import {
  editDistance,
  readSearchWords,
  understandSearch,
  type UnderstoodFilters,
} from "./understand-search";

type Expected = Partial<UnderstoodFilters> & { text?: string };

const BRANDS = ["King Koil", "Spring Air", "Cloud Nine", "Sealy"];

// The words in; the filters and the text left out. Unlisted parts are empty.
const CASES: [string, Expected][] = [
  [
    "queen memory foam under 5000",
    { selections: { "bed-size": ["queen"], "mattress-type": ["memory-foam"] }, price: [0, 5000] },
  ],
  ["single", { selections: { "bed-size": ["single"] } }],
  ["three-quarter", { selections: { "bed-size": ["three-quarter"] } }],
  ["three quarter bed", { selections: { "bed-size": ["three-quarter"] }, text: "bed" }],
  ["3/4 mattress", { selections: { "bed-size": ["three-quarter"] }, category: "mattresses" }],
  ["¾ base", { selections: { "bed-size": ["three-quarter"], "bed-type": ["divan"] } }],
  ["double", { selections: { "bed-size": ["double"] } }],
  ["King size", { selections: { "bed-size": ["king"] } }],
  ["super king", { selections: { "bed-size": ["super-king"] } }],
  ["Super-King duvet", { selections: { "bed-size": ["super-king"] }, text: "duvet" }],
  ["queen and king", { selections: { "bed-size": ["king", "queen"] } }],
  ["152cm", { selections: { "bed-size": ["queen"] } }],
  ["137 x 188 cm", { selections: { "bed-size": ["double"] } }],
  ["183x188", { selections: { "bed-size": ["king"] } }],
  ["mattress", { category: "mattresses" }],
  ["mattresses", { category: "mattresses" }],
  ["pillows", { category: "pillows" }],
  ["divan", { selections: { "bed-type": ["divan"] } }],
  ["bed base", { selections: { "bed-type": ["divan"] } }],
  ["adjustable base", { selections: { "bed-type": ["adjustable"] } }],
  ["headboard", { text: "headboard" }],
  ["sleeper couch", { text: "sleeper couch" }],
  ["firm", { selections: { "comfort-level": ["firm"] } }],
  ["soft pillow", { selections: { "comfort-level": ["plush"] }, category: "pillows" }],
  ["medium plush", { selections: { "comfort-level": ["medium", "plush"] } }],
  ["latex", { selections: { "mattress-type": ["latex"] } }],
  [
    "pocket spring mattress",
    { selections: { "mattress-type": ["spring"] }, category: "mattresses" },
  ],
  ["hybrid", { selections: { "mattress-type": ["hybrid"] } }],
  ["under 5000", { price: [0, 5000] }],
  ["below R5k", { price: [0, 5000] }],
  ["less than R5 000", { price: [0, 5000] }],
  ["R3,000 to R6,000", { price: [3000, 6000] }],
  ["between 3000 and 6000", { price: [3000, 6000] }],
  ["R3k-R6k", { price: [3000, 6000] }],
  ["over R8,000", { price: [8000, 30000] }],
  ["from R2 500", { price: [2500, 30000] }],
  ["up to R4,999.99", { price: [0, 4999] }],
  ["under 0", { price: [0, 0] }],
  // The whole slider is no price at all; the words were read, so nothing is left to search.
  ["under R1,000,000", {}],
  // Misspellings of the shop's words.
  ["mattres", { category: "mattresses" }],
  ["matress", { category: "mattresses" }],
  ["quen", { selections: { "bed-size": ["queen"] } }],
  ["duble", { selections: { "bed-size": ["double"] } }],
  ["memmory foam", { selections: { "mattress-type": ["memory-foam"] } }],
  ["pilow", { category: "pillows" }],
  // Words that must not be read.
  ["King Koil mattress", { category: "mattresses", text: "King Koil" }],
  ["spring air", { text: "spring air" }],
  ["MT-3/4", { text: "MT-3/4" }],
  ["AB3/4 cover", { text: "AB3/4 cover" }],
  ["bed", { text: "bed" }],
  ["Sealy Support Plus", { text: "Sealy Support Plus" }],
  ["ring", { text: "ring" }],
  ["R5000", { text: "R5000" }],
  ["2 to 3 pillows", { category: "pillows", text: "2 to 3" }],
  ["152", { text: "152" }],
  ["under 99999999999999999", { text: "under 99999999999999999" }],
  ["orthopaedic", { text: "orthopaedic" }],
  ["xylophonezz", { text: "xylophonezz" }],
  // Mixed: what is understood goes, the rest stays as typed.
  [
    "Cloud Nine queen mattress",
    { selections: { "bed-size": ["queen"] }, category: "mattresses", text: "Cloud Nine" },
  ],
  [
    "queen mattress pillow",
    { selections: { "bed-size": ["queen"] }, category: "mattresses", text: "pillow" },
  ],
  [
    "orthopaedic queen, under R5k!",
    { selections: { "bed-size": ["queen"] }, price: [0, 5000], text: "orthopaedic" },
  ],
];

describe("understandSearch", () => {
  it.each(CASES)("reads %j", (words, expected) => {
    const { filters, remainingText } = understandSearch(words, { keepPhrases: BRANDS });
    expect(filters).toEqual({
      category: expected.category ?? null,
      selections: expected.selections ?? {},
      price: expected.price ?? null,
    });
    expect(remainingText).toBe(expected.text ?? "");
  });

  it("reads nothing from 2,000 characters beyond the first 200, quickly", () => {
    const long = `${"queen ".repeat(20)}${"x".repeat(1880)} latex`;
    const started = performance.now();
    const { filters } = understandSearch(long);
    expect(performance.now() - started).toBeLessThan(200);
    expect(filters.selections).toEqual({ "bed-size": ["queen"] });
  });

  it("counts a swap of two letters as one edit", () => {
    expect(editDistance("singel", "single")).toBe(1);
    expect(editDistance("quen", "queen")).toBe(1);
    expect(editDistance("kitten", "sitting", 1)).toBe(2);
  });
});

describe("readSearchWords", () => {
  const read = (search: string, fixed: "mattresses" | null = null) =>
    readSearchWords(parseListingQuery(new URLSearchParams(search), fixed), {
      keepPhrases: BRANDS,
    });

  it("moves the words into the query's filters and keeps the text left", () => {
    expect(read("q=Cloud+Nine+queen+under+5000&f=brand-sealy&sort=price-asc&page=3")).toEqual({
      q: "Cloud Nine",
      category: null,
      selections: { brand: ["sealy"], "bed-size": ["queen"] },
      price: [0, 5000],
      sort: "price-asc",
      page: 1,
    });
  });

  it("lets the words' price and category replace the chosen ones", () => {
    const query = read("q=pillow+over+R500&category=beds&f=price-range-0-2000");
    expect(query.category).toBe("pillows");
    expect(query.price).toEqual([500, 30000]);
  });

  it("changes nothing when no word is understood, not even the spaces or the page", () => {
    const query = parseListingQuery(new URLSearchParams("q=orthopaedic++back&page=2"));
    expect(readSearchWords(query)).toBe(query);
  });

  it.each([
    "q=queen+memory+foam+under+5000",
    "q=King+Koil+quen+mattres",
    "q=mattress+pillow+duvet",
    "q=latex&category=bedding",
  ])("gives an answer that reads the same again: %s", (search) => {
    const once = read(search);
    expect(readSearchWords(once, { keepPhrases: BRANDS })).toEqual(once);
  });
});
