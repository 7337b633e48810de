import { describe, expect, it } from "vitest";
import { creditNoteLinesFor, type InvoiceLineForCredit } from "./credit-note-lines";
import { creditNoteVatCents, invoiceAmounts } from "./invoice-amounts";

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

// Three pillows at R100 with R10 off them (R290.00), and delivery R299.
const PILLOWS = [line(0, 3, 10_000), line(1, 1, 29_900, ""), line(2, 1, -1_000, "")];
// The same pillows beside a throw at R50, with R20 off the goods.
const PILLOWS_AND_THROW = [line(0, 3, 10_000), line(1, 1, 5_000), line(2, 1, -2_000, "")];

type Credit = readonly { position: number; quantity: number }[] | number;

/** Issues credit notes one after another as issueCreditNote does, keeping what each took. */
function creditInTurn(invoiceLines: InvoiceLineForCredit[], credits: Credit[]) {
  const invoice = invoiceAmounts(
    invoiceLines.map((l) => ({ lineTotalCents: l.quantity * l.unitPriceCents })),
  );
  const before = { totalCents: 0, vatCents: 0, goodsCents: 0, discountCents: 0 };
  const notes = credits.map((credit) => {
    const lines = creditNoteLinesFor({
      invoiceLines,
      chosen: typeof credit === "number" ? [] : credit,
      amountCents: typeof credit === "number" ? credit : null,
      reason: "Returned",
      remainingCents: invoice.totalCents - before.totalCents,
      creditedBefore: before,
    });
    const totalCents = total(lines);
    const vatCents = creditNoteVatCents({ totalCents, invoice, creditedBefore: before });
    before.totalCents += totalCents;
    before.vatCents += vatCents;
    for (const l of lines) {
      if (l.invoiceLinePosition !== null && l.sku !== "") before.goodsCents += l.lineTotalCents;
      if (l.invoiceLinePosition === null && l.lineTotalCents < 0) {
        before.discountCents -= l.lineTotalCents;
      }
    }
    return { lines, totalCents, vatCents };
  });
  return { invoice, notes, credited: before };
}

const one = (position: number, quantity = 1) => [{ position, quantity }];

describe("an invoice's credit notes, one after another", () => {
  it.each([
    // [case, invoice, credits in turn, credited in the end, all of it credited]
    [
      "each pillow on its own, then delivery",
      PILLOWS,
      [one(0), one(0), one(0), one(1)],
      58_900,
      true,
    ],
    ["each pillow on its own, delivery kept", PILLOWS, [one(0), one(0), one(0)], 29_000, false],
    ["two pillows, then one", PILLOWS, [one(0, 2), one(0), one(1)], 58_900, true],
    ["each pillow, the throw kept", PILLOWS_AND_THROW, [one(0), one(0), one(0)], 28_286, false],
    [
      "each pillow, then the throw",
      PILLOWS_AND_THROW,
      [one(0), one(0), one(0), one(1)],
      33_000,
      true,
    ],
    ["an amount, then every line", PILLOWS, [5_000, [...one(0, 3), ...one(1)]], 58_900, true],
    ["beds, pillow, delivery in turn", INVOICE, [one(1), one(0), one(0), one(2)], PAID, true],
    ["an amount of all of it", INVOICE, [PAID], PAID, true],
    ["a cent, then everything", INVOICE, [1, [...one(0, 2), ...one(1), ...one(2)]], PAID, true],
  ] as const)("%s", (_, invoiceLines, credits, creditedCents, all) => {
    const { invoice, notes, credited } = creditInTurn([...invoiceLines], [...credits]);
    expect(credited.totalCents).toBe(creditedCents);
    // The invariant: at most the invoice, VAT included, and exactly it when all is credited.
    expect(credited.totalCents).toBeLessThanOrEqual(invoice.totalCents);
    expect(credited.vatCents).toBeLessThanOrEqual(invoice.vatCents);
    if (all) {
      expect(credited.totalCents).toBe(invoice.totalCents);
      expect(credited.vatCents).toBe(invoice.vatCents);
    }
    for (const note of notes) {
      expect(note.vatCents).toBeGreaterThanOrEqual(0);
      expect(note.vatCents).toBeLessThanOrEqual(note.totalCents);
    }
  });

  it("credit goods in several notes exactly what crediting them at once would", () => {
    // Before: R96.67 a pillow, three times, R290.01 for pillows that cost R290.00.
    const inTurn = creditInTurn(PILLOWS, [one(0), one(0), one(0)]);
    const atOnce = creditInTurn(PILLOWS, [one(0, 3)]);
    expect(inTurn.notes.map((n) => n.totalCents)).toEqual([9_667, 9_666, 9_667]);
    expect(inTurn.credited.totalCents).toBe(atOnce.credited.totalCents);
    expect(atOnce.credited.totalCents).toBe(29_000);
  });

  it("give the last note the VAT the others left, so the VAT adds up to the invoice's", () => {
    // R1 a time against a R3 invoice: 13c each, and the last one takes 13c too, never 14c.
    const invoice = invoiceAmounts([{ lineTotalCents: 300 }]);
    const { notes, credited } = creditInTurn([line(0, 3, 100)], [one(0), one(0), one(0)]);
    expect(notes.map((n) => n.vatCents)).toEqual([13, 13, 13]);
    expect(credited.vatCents).toBe(invoice.vatCents);
    // 7c three times: 1c of VAT each, and the invoice's 21c carries 3c, not 2c.
    const small = creditInTurn([line(0, 3, 7)], [one(0), one(0), one(0)]);
    expect(small.credited.vatCents).toBe(invoiceAmounts([{ lineTotalCents: 21 }]).vatCents);
  });

  it("credit no VAT on an invoice that charged none", () => {
    expect(
      creditNoteVatCents({
        totalCents: 11_500,
        invoice: { totalCents: 23_000, vatCents: 0 },
        creditedBefore: { totalCents: 0, vatCents: 0 },
      }),
    ).toBe(0);
  });
});

describe("a credit note's lines on an invoice whose lines carry their discount", () => {
  // MATTRESS10: R300 off a R3,000 mattress (2 of them: R600), none off a R1,000 pillow.
  const SCOPED = [
    { ...line(0, 2, 300_000), discountCents: 60_000 },
    { ...line(1, 1, 100_000), discountCents: 0 },
    line(2, 1, -60_000, ""),
  ];
  const paid = 2 * 300_000 + 100_000 - 60_000;
  const scoped = { ...base, invoiceLines: SCOPED, remainingCents: paid };

  it("take nothing off goods the promotion was not for", () => {
    const lines = creditNoteLinesFor({ ...scoped, chosen: [{ position: 1, quantity: 1 }] });
    expect(total(lines)).toBe(100_000);
    expect(lines).toHaveLength(1);
  });

  it("take each unit's own share off the goods it was for, and add up to what was paid", () => {
    const one = creditNoteLinesFor({ ...scoped, chosen: [{ position: 0, quantity: 1 }] });
    expect(one.map((l) => l.lineTotalCents)).toEqual([300_000, -30_000]);
    const before = { goodsCents: 300_000, discountCents: 30_000, byPosition: new Map([[0, 1]]) };
    const rest = creditNoteLinesFor({
      ...scoped,
      chosen: [
        { position: 0, quantity: 1 },
        { position: 1, quantity: 1 },
      ],
      remainingCents: paid - 270_000,
      creditedBefore: before,
    });
    expect(rest.map((l) => l.lineTotalCents)).toEqual([300_000, 100_000, -30_000]);
    expect(total(one) + total(rest)).toBe(paid);
  });
});

describe("a credit note's lines at their edges", () => {
  it("take the chosen lines in the invoice's order, leaving out none chosen and any unknown", () => {
    const lines = creditNoteLinesFor({
      ...base,
      invoiceLines: PILLOWS_AND_THROW,
      chosen: [
        { position: 1, quantity: 1 },
        { position: 9, quantity: 1 },
        { position: 0, quantity: 0 },
      ],
    });
    expect(lines.map((l) => l.description)).toEqual(["Line 1", "Discount on these goods"]);
    const ordered = creditNoteLinesFor({
      ...base,
      chosen: [
        { position: 2, quantity: 1 },
        { position: 1, quantity: 1 },
        { position: 0, quantity: 1 },
      ],
    });
    expect(ordered.map((l) => l.invoiceLinePosition)).toEqual([0, 1, 2, null]);
  });

  it("write the discount as a negative line of its own", () => {
    const [, discount] = creditNoteLinesFor({ ...base, chosen: [{ position: 0, quantity: 1 }] });
    expect(discount).toEqual({
      invoiceLinePosition: null,
      description: "Discount on these goods",
      sku: "",
      variantId: null,
      quantity: 1,
      unitPriceCents: -31_990,
      lineTotalCents: -31_990,
    });
  });

  it("read a negative line as the discount, whatever its code, and never as goods", () => {
    // A hand-made invoice: a R3,000 bed and a R1,000 pillow, R100 off as a line with a code.
    const invoiceLines = [
      line(0, 1, 300_000),
      line(1, 1, 100_000),
      line(2, 1, -10_000, "TRADE-IN"),
    ];
    const lines = creditNoteLinesFor({
      ...base,
      invoiceLines,
      remainingCents: 390_000,
      chosen: [{ position: 1, quantity: 1 }],
    });
    // The pillow's quarter of the goods takes a quarter of the R100.
    expect(lines.map((l) => l.lineTotalCents)).toEqual([100_000, -2_500]);
  });

  it("add no discount line to an invoice without a discount, even past what is left", () => {
    const plain = [line(0, 2, 10_000), line(1, 1, 29_900, "")];
    const lines = creditNoteLinesFor({
      ...base,
      invoiceLines: plain,
      remainingCents: 15_000,
      chosen: [{ position: 0, quantity: 2 }],
    });
    expect(lines.map((l) => l.lineTotalCents)).toEqual([20_000]);
  });

  it("never take more of the discount than is left, whatever earlier notes say they took", () => {
    // Earlier notes recorded as all the pillows and R9 of their R10 discount.
    const lines = creditNoteLinesFor({
      ...base,
      invoiceLines: PILLOWS,
      remainingCents: 58_900,
      chosen: [{ position: 0, quantity: 1 }],
      creditedBefore: { goodsCents: 30_000, discountCents: 900 },
    });
    expect(lines.map((l) => l.lineTotalCents)).toEqual([10_000, -100]);
  });

  it("make the note what a refund paid back for the lines, when it is told", () => {
    const lines = creditNoteLinesFor({
      ...base,
      chosen: [{ position: 0, quantity: 1 }],
      paidCents: 280_000,
    });
    expect(lines.map((l) => l.lineTotalCents)).toEqual([319_900, -39_900]);
    // Never a share below nothing, nor more than the goods: paid more than they cost, or nothing.
    expect(
      total(
        creditNoteLinesFor({ ...base, chosen: [{ position: 0, quantity: 1 }], paidCents: 400_000 }),
      ),
    ).toBe(319_900);
    expect(
      total(creditNoteLinesFor({ ...base, chosen: [{ position: 0, quantity: 1 }], paidCents: 0 })),
    ).toBe(0);
  });
});

describe("a credit note's lines on an invoice with two lines carrying their discount", () => {
  // Three mattresses at R3,000 with R300 off each (R900), a base at R2,000 with R200 off.
  const TWO = [
    { ...line(0, 3, 300_000), discountCents: 90_000 },
    { ...line(1, 1, 200_000), discountCents: 20_000 },
    line(2, 1, -110_000, ""),
  ];
  const paid = 3 * 300_000 + 200_000 - 110_000;
  const two = { ...base, invoiceLines: TWO, remainingCents: paid };

  it("give a second mattress its own R300, counting the earlier notes' units line by line", () => {
    const second = creditNoteLinesFor({
      ...two,
      chosen: [{ position: 0, quantity: 1 }],
      remainingCents: paid - 270_000,
      creditedBefore: { goodsCents: 300_000, discountCents: 30_000, byPosition: new Map([[0, 1]]) },
    });
    expect(second.map((l) => l.lineTotalCents)).toEqual([300_000, -30_000]);
  });

  it("after an amount paid back without lines, still take each line's own share", () => {
    const after = creditNoteLinesFor({
      ...two,
      chosen: [{ position: 1, quantity: 1 }],
      remainingCents: paid - 5_000,
      creditedBefore: { goodsCents: 0, discountCents: 0 },
    });
    expect(after.map((l) => l.lineTotalCents)).toEqual([200_000, -20_000]);
  });
});

describe("a credit note's VAT at its edges", () => {
  it("takes no more than the VAT left, even for a note above what is left", () => {
    expect(
      creditNoteVatCents({
        totalCents: 20_000,
        invoice: { totalCents: 23_000, vatCents: 3_000 },
        creditedBefore: { totalCents: 11_500, vatCents: 1_500 },
      }),
    ).toBe(1_500);
  });

  it("takes enough that what is left of the invoice can carry the VAT left", () => {
    // Earlier notes took R2.00 and no VAT of a R3.00 invoice with 39c of VAT: crediting 90c
    // leaves 10c, which can carry at most 10c of VAT, so this note takes 29c, not its own 12c.
    expect(
      creditNoteVatCents({
        totalCents: 90,
        invoice: { totalCents: 300, vatCents: 39 },
        creditedBefore: { totalCents: 200, vatCents: 0 },
      }),
    ).toBe(29);
  });
});
