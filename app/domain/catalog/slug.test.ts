import { describe, expect, it } from "vitest";
import { slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it.each([
    ["Cloud Nine Memory Foam Bed", "cloud-nine-memory-foam-bed"],
    ["  Queen   Bed  ", "queen-bed"],
    ["Sealy® Posture-Pedic (Firm)", "sealy-posture-pedic-firm"],
    ["Bed - Queen", "bed-queen"],
    ["Ünïcode Bed", "ncode-bed"],
    ["3/4 Base", "34-base"],
    ["!!!", "product"],
  ])("%s -> %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("uniqueSlug", () => {
  it("adds the first free number", () => {
    expect(uniqueSlug("bed", new Set())).toBe("bed");
    expect(uniqueSlug("bed", new Set(["bed"]))).toBe("bed-2");
    expect(uniqueSlug("bed", new Set(["bed", "bed-2", "bed-3"]))).toBe("bed-4");
  });
});
