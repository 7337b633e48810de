import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amountInputValue, formatMoney, parseAmount, percentOff } from "./money";

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

describe("parseAmount", () => {
  it.each([
    ["1150,50", 115050],
    ["1 150,50", 115050],
    ["1\u00a0150,50", 115050],
    ["1\u202f150,50", 115050],
    ["1,150.50", 115050],
    ["1150.50", 115050],
    ["R1 150,50", 115050],
    ["r1150,50", 115050],
    ["R 1150", 115000],
    ["1150", 115000],
    ["  1150  ", 115000],
    ["1150,5", 115050],
    ["1150.5", 115050],
    ["1,15", 115],
    ["0,50", 50],
    ["0", 0],
    ["1 150", 115000],
    ["1 150 000,99", 115000099],
    ["1,150,000", 115000000],
    ["1,150,000.50", 115000050],
    ["-20", -2000],
    ["-R20,50", -2050],
    ["R -20.50", -2050],
    ["-0", 0],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseAmount(text)).toBe(cents);
  });

  it.each([
    ["1,150", "a thousands comma or three decimals?"],
    ["1.150", "a thousands point or three decimals?"],
    ["1150,505", "three decimals"],
    ["1150.505", "three decimals"],
    ["1.150,50", "a point never groups thousands"],
    ["1,150,50", "a comma group of two digits"],
    ["1 150.50,00", "two decimal separators"],
    ["1,150 000", "two kinds of grouping"],
    ["11 50", "a space that does not group thousands"],
    ["1150.", "a separator without decimals"],
    [",50", "no whole Rand"],
    ["", "nothing"],
    ["R", "only the R"],
    ["R1150R", "text after the amount"],
    ["1e3", "an exponent"],
    ["12 34", "a space in the middle"],
    ["--5", "two signs"],
    ["five", "words"],
    ["1".repeat(13), "more digits than any amount"],
  ])("refuses %j (%s)", (text) => {
    expect(parseAmount(text)).toBeNull();
  });

  it("reads back what a money field shows for editing, to the cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), (cents) => {
        expect(parseAmount(amountInputValue(cents))).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });

  it("reads back what the shop prints, with or without the R, to the cent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (cents) => {
        const shown = formatMoney(cents, { cents: true });
        expect(parseAmount(shown)).toBe(cents);
        expect(parseAmount(shown.slice(1))).toBe(cents);
      }),
      { numRuns: 500 },
    );
  });
});

describe("amountInputValue", () => {
  it.each([
    [115050, "1150.50"],
    [5, "0.05"],
    [0, "0.00"],
    [-2050, "-20.50"],
    [null, ""],
    [undefined, ""],
  ])("shows %j cents as %j", (cents, text) => {
    expect(amountInputValue(cents)).toBe(text);
  });
});
