import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FULL_TAX_INVOICE_ABOVE_CENTS, invoiceAmounts } from "./invoice-amounts";

const lines = (...totals: number[]) => totals.map((lineTotalCents) => ({ lineTotalCents }));

describe("an invoice's VAT", () => {
  it.each([
    // [line totals (VAT included), VAT, net]
    [[11_500], 1_500, 10_000],
    [[319_900], 41_726, 278_174],
    [[249_950, 29_900], 36_502, 243_348],
    [[100], 13, 87],
    [[1], 0, 1],
    [[7], 1, 6],
    [[319_900, 319_900, -63_980], 75_107, 500_713],
    [[0], 0, 0],
    [[99_999, 1, 33_333, 66_667], 26_087, 173_913],
  ])("lines %j: VAT %i, net %i", (totals, vat, net) => {
    const amounts = invoiceAmounts(lines(...totals));
    expect(amounts.vatCents).toBe(vat);
    expect(amounts.netCents).toBe(net);
    expect(amounts.vatCents + amounts.netCents).toBe(amounts.totalCents);
  });

  it("VAT and net add up to the total for any mix of lines, and VAT is 15/115 of it to the cent", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50_000, max: 5_000_000 }), { minLength: 1, maxLength: 30 }),
        (totals) => {
          fc.pre(totals.reduce((a, b) => a + b, 0) >= 0);
          const a = invoiceAmounts(lines(...totals));
          expect(a.vatCents + a.netCents).toBe(a.totalCents);
          expect(Math.abs(a.vatCents * 115 - a.totalCents * 15)).toBeLessThanOrEqual(115 / 2);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("is a full tax invoice above R5,000 and an abridged one at or below it", () => {
    expect(invoiceAmounts(lines(FULL_TAX_INVOICE_ABOVE_CENTS)).full).toBe(false);
    expect(invoiceAmounts(lines(499_999)).full).toBe(false);
    expect(invoiceAmounts(lines(FULL_TAX_INVOICE_ABOVE_CENTS + 1)).full).toBe(true);
    expect(invoiceAmounts(lines(300_000, 200_001)).full).toBe(true);
  });
});
