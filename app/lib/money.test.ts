import { describe, expect, it } from "vitest";
import { formatMoney, percentOff } from "./money";

describe("formatMoney", () => {
  it.each([
    [319900, {}, "R3,199"],
    [249950, {}, "R2,499.50"],
    [1500000, {}, "R15,000"],
    [29900, { cents: true }, "R299.00"],
    [0, {}, "R0"],
    [-5000, {}, "-R50"],
    [5, {}, "R0.05"],
    [99999, {}, "R999.99"],
    [100000, {}, "R1,000"],
    [123456789, {}, "R1,234,567.89"],
    [-249950, { cents: true }, "-R2,499.50"],
  ])("formats %i cents as %s", (cents, options, expected) => {
    expect(formatMoney(cents, options)).toBe(expected);
  });
});

describe("percentOff", () => {
  it("rounds the saving to a whole percent", () => {
    expect(percentOff(319900, 639800)).toBe(50);
    expect(percentOff(200000, 300000)).toBe(33);
  });
  it("is zero without a higher original price", () => {
    expect(percentOff(319900, null)).toBe(0);
    expect(percentOff(319900, 319900)).toBe(0);
    expect(percentOff(319900, 100000)).toBe(0);
  });
});
