import { describe, expect, it } from "vitest";
import { creditNoteLinesFor, type InvoiceLineForCredit } from "./credit-note-lines";

const line = (
  position: number,
  quantity: number,
  unitPriceCents: number,
  sku = `SKU-${position}`,
): InvoiceLineForCredit => ({
  position,
  description: `Line ${position}`,
  sku,
  variantId: position + 100,
  quantity,
  unitPriceCents,
});

// Two beds at R3,199 and a pillow at R499.50, delivery R299, 10% off the goods (R689.75).
const INVOICE = [
  line(0, 2, 319_900),
  line(1, 1, 49_950),
  line(2, 1, 29_900, ""),
  line(3, 1, -68_975, ""),
];
const PAID = 2 * 319_900 + 49_950 + 29_900 - 68_975;
const total = (lines: { lineTotalCents: number }[]) =>
  lines.reduce((s, l) => s + l.lineTotalCents, 0);
const base = { invoiceLines: INVOICE, amountCents: null, reason: "Returned", remainingCents: PAID };

describe("a credit note's lines", () => {
  it("credit the chosen goods with their share of the discount", () => {
    const lines = creditNoteLinesFor({ ...base, chosen: [{ position: 0, quantity: 1 }] });
    // R3,199 is 319,900 / 689,750 of the goods: 10% of it, R319.90.
    expect(lines.map((l) => [l.description, l.quantity, l.lineTotalCents])).toEqual([
      ["Line 0", 1, 319_900],
      ["Discount on these goods", 1, -31_990],
    ]);
  });

  it("credit exactly what was paid when every line comes back, in one refund or several", () => {
    const all = creditNoteLinesFor({
      ...base,
      chosen: [
        { position: 0, quantity: 2 },
        { position: 1, quantity: 1 },
        { position: 2, quantity: 1 },
      ],
    });
    expect(total(all)).toBe(PAID);

    let remaining = PAID;
    for (const chosen of [
      [{ position: 1, quantity: 1 }],
      [{ position: 0, quantity: 1 }],
      [{ position: 0, quantity: 1 }],
      [{ position: 2, quantity: 1 }],
    ]) {
      const lines = creditNoteLinesFor({ ...base, chosen, remainingCents: remaining });
      remaining -= total(lines);
      expect(remaining).toBeGreaterThanOrEqual(0);
    }
    expect(remaining).toBe(0);
  });

  it("credit delivery without a share of the discount", () => {
    const lines = creditNoteLinesFor({ ...base, chosen: [{ position: 2, quantity: 1 }] });
    expect(total(lines)).toBe(29_900);
  });

  it("are one line saying why for an amount paid back", () => {
    const lines = creditNoteLinesFor({
      ...base,
      chosen: [],
      amountCents: 25_000,
      reason: "Scratched headboard",
    });
    expect(lines).toEqual([
      expect.objectContaining({
        description: "Refund: Scratched headboard",
        quantity: 1,
        lineTotalCents: 25_000,
      }),
    ]);
  });
});
