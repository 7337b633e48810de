import { describe, expect, it } from "vitest";
import { matchZone, type MatchableZone, type ZoneAddress } from "./match-zone";
import { readPostalCodeList } from "./postal-codes";

const zone = (id: number, name: string, covers: Partial<MatchableZone>): MatchableZone => ({
  id,
  name,
  postalCodes: [],
  towns: [],
  provinces: [],
  active: true,
  sortOrder: 0,
  ...covers,
});

const ZONES = [
  zone(1, "Lichtenburg and area", {
    postalCodes: ["2740"],
    towns: ["Lichtenburg", "Blydeville", "Coligny"],
  }),
  zone(2, "Rest of North West", { provinces: ["North West"], sortOrder: 10 }),
  zone(3, "Western Transvaal codes", { postalCodes: ["2700-2799"], sortOrder: 5 }),
  zone(4, "Old Mahikeng run", { towns: ["Mahikeng"], active: false }),
  zone(5, "Potchefstroom", { postalCodes: ["2520", "2531"], towns: ["Potchefstroom"] }),
  zone(6, "Potch by town, earlier", { towns: ["Potchefstroom"], sortOrder: -1 }),
];

const at = (postalCode: string, town: string, province?: string): ZoneAddress => ({
  postalCode,
  town,
  province,
});

describe("matchZone", () => {
  it.each([
    ["an exact postal code", at("2740", "Somewhere"), "Lichtenburg and area", "postal_code"],
    ["a code with spaces around it", at(" 27 40 ", ""), "Lichtenburg and area", "postal_code"],
    ["a code inside a range", at("2745", "Mahikeng"), "Western Transvaal codes", "postal_code"],
    [
      "a town, whatever its case and spacing",
      at("", "  bLYDE ville "),
      "Lichtenburg and area",
      "town",
    ],
    ["a town when the code is in no zone", at("9999", "COLIGNY"), "Lichtenburg and area", "town"],
    [
      "a province when nothing narrower matches",
      at("0300", "Rustenburg", "North West"),
      "Rest of North West",
      "province",
    ],
    [
      "a province by the code the address form stores",
      at("0300", "Rustenburg", "NW"),
      "Rest of North West",
      "province",
    ],
    [
      "a province written loosely",
      at("0300", "Rustenburg", "north-west"),
      "Rest of North West",
      "province",
    ],
    // 2740 is in zone 1 exactly and in zone 3's range: the narrower entry wins.
    [
      "the exact code over an overlapping range",
      at("2740", "Lichtenburg"),
      "Lichtenburg and area",
      "postal_code",
    ],
    // A postal code beats a town, even a zone with a lower sort order.
    ["a postal code over a town", at("2531", "Potchefstroom"), "Potchefstroom", "postal_code"],
    // Two zones match by town: the lower sort order wins.
    [
      "the lower sort order among equals",
      at("1111", "Potchefstroom"),
      "Potch by town, earlier",
      "town",
    ],
  ])("matches %s", (_, address, name, by) => {
    const found = matchZone(ZONES, address);
    expect(found?.zone.name).toBe(name);
    expect(found?.by).toBe(by);
  });

  it.each([
    ["a Cape Town address", at("8001", "Cape Town", "Western Cape")],
    ["a town no zone names, without a province", at("0300", "Rustenburg")],
    ["a three-digit code", at("274", "Nowhere")],
    ["an inactive zone's town", at("", "Mahikeng")],
    ["an empty address", at("", "")],
  ])("matches no zone for %s", (_, address) => {
    expect(matchZone(ZONES, address)).toBeNull();
  });

  it("ignores inactive zones even where they would be the most specific", () => {
    const zones = [zone(1, "Closed", { postalCodes: ["2740"], active: false }), ZONES[1]!];
    expect(matchZone(zones, at("2740", "Lichtenburg", "North West"))?.zone.name).toBe(
      "Rest of North West",
    );
  });
});

describe("readPostalCodeList", () => {
  it.each([
    ["2740, 2741, 2700-2799", ["2740", "2741", "2700-2799"]],
    ["2740;2740\n0300 - 0310", ["2740", "0300-0310"]],
    ["2740-2740", ["2740"]],
    ["", []],
  ])("reads %j", (text, entries) => {
    expect(readPostalCodeList(text)).toEqual({ ok: true, entries });
  });

  it.each([
    ["2800-2700", "runs backwards"],
    ["274", "four digits"],
    ["2740, 27400", "four digits"],
    ["Lichtenburg", "not a postal code or a range"],
  ])("refuses %j", (text, words) => {
    const read = readPostalCodeList(text);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toContain(words);
  });
});
