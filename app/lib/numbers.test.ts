import { describe, expect, it } from "vitest";
import { formatCount } from "./numbers";

describe("formatCount", () => {
  it("groups thousands with commas as the storefront writes counts", () => {
    for (const n of [0, 7, 999, 1000, 1234, 12345, 999999, 1000000, 25000000, -1234]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    }
  });
});
