import { describe, expect, it } from "vitest";
import {
  addLine,
  applyCurrentDetails,
  cartTotals,
  itemCount,
  removeLine,
  savingsCents,
  subtotalCents,
  updateQuantity,
  type CartLine,
} from "./cart-lines";

const bed: CartLine = {
  variantId: 1,
  name: "Cloud Foam Bed",
  image: "products/cloud",
  size: "Double",
  priceCents: 319900,
  originalPriceCents: 639800,
  quantity: 1,
};
const pillow: CartLine = {
  variantId: 2,
  name: "Duck Down Pillow",
  priceCents: 29900,
  quantity: 2,
};
const rates = { freeDeliveryThresholdCents: 200000, standardDeliveryCents: 29900 };
const line = (priceCents: number, quantity = 1, originalPriceCents?: number): CartLine => ({
  variantId: priceCents + quantity,
  name: "Thing",
  priceCents,
  originalPriceCents,
  quantity,
});

describe("addLine", () => {
  it("appends a new variant with quantity 1", () => {
    const { quantity: _, ...item } = pillow;
    const result = addLine([bed], item);
    expect(result.outcome).toBe("added");
    expect(result.lines).toEqual([bed, { ...pillow, quantity: 1 }]);
  });

  it("adds 1 to a variant already in the cart, keeping its place", () => {
    const { quantity: _, ...item } = bed;
    const result = addLine([bed, pillow], item);
    expect(result.outcome).toBe("increased");
    expect(result.lines.map((l) => [l.variantId, l.quantity])).toEqual([
      [1, 2],
      [2, 2],
    ]);
  });
});

describe("updateQuantity", () => {
  it.each([
    [3, 3],
    [1, 1],
    [0, 2],
    [-1, 2],
    [1.5, 2],
    [Number.NaN, 2],
  ])("setting %d leaves the quantity at %d", (quantity, expected) => {
    expect(updateQuantity([bed, pillow], 2, quantity)[1]!.quantity).toBe(expected);
  });

  it("changes only the named line", () => {
    expect(updateQuantity([bed, pillow], 2, 5)[0]).toEqual(bed);
  });
});

describe("removeLine and totals", () => {
  it("removes the line, and an unknown id changes nothing", () => {
    expect(removeLine([bed, pillow], 1)).toEqual([pillow]);
    expect(removeLine([bed, pillow], 9)).toEqual([bed, pillow]);
  });

  it("counts items, subtotal and savings over quantities", () => {
    const lines = [{ ...bed, quantity: 2 }, pillow];
    expect(itemCount(lines)).toBe(4);
    expect(subtotalCents(lines)).toBe(2 * 319900 + 2 * 29900);
    // The pillow has no original price; a bed saves R3,199 each.
    expect(savingsCents(lines)).toBe(2 * 319900);
  });

  it("never counts an original price below the price as a saving", () => {
    expect(savingsCents([line(50000, 3, 40000)])).toBe(0);
  });
});

describe("cartTotals", () => {
  it.each([
    ["below the threshold", [line(150000)], 29900, 50000],
    ["one cent short", [line(199999)], 29900, 1],
    ["exactly R2,000: free, as a R2,000 product promises", [line(200000)], 0, 0],
    ["above over several lines", [line(100000, 2), line(500)], 0, 0],
    ["an empty cart has nothing to deliver", [], 0, 0],
  ])("%s", (_, lines, deliveryCents, shortfall) => {
    const totals = cartTotals(lines, rates);
    expect(totals.deliveryCents).toBe(deliveryCents);
    expect(totals.freeDeliveryShortfallCents).toBe(shortfall);
    // Invariants: the parts add up, and the shortfall is exactly what makes delivery free.
    expect(totals.totalCents).toBe(totals.subtotalCents + totals.deliveryCents);
    if (shortfall > 0) {
      const topUp = cartTotals([...lines, line(shortfall)], rates);
      expect(topUp.deliveryCents).toBe(0);
      if (shortfall > 1) {
        const justShort = cartTotals([...lines, line(shortfall - 1)], rates);
        expect(justShort.deliveryCents).toBe(29900);
      }
    }
  });

  it("follows the shop's settings", () => {
    const totals = cartTotals([line(100000)], {
      freeDeliveryThresholdCents: 50000,
      standardDeliveryCents: 10000,
    });
    expect(totals.deliveryCents).toBe(0);
    expect(cartTotals([line(40000)], { ...rates, standardDeliveryCents: 10000 }).totalCents).toBe(
      50000,
    );
  });
});

describe("applyCurrentDetails", () => {
  it("takes the current price and reports the old one", () => {
    const { lines, previousPrices } = applyCurrentDetails(
      [bed, pillow],
      [
        {
          variantId: 1,
          name: "Cloud Foam Bed",
          image: "products/cloud",
          size: "Double",
          priceCents: 299900,
          originalPriceCents: 639800,
        },
        { variantId: 2, name: "Duck Down Pillow", priceCents: 29900, originalPriceCents: null },
      ],
    );
    expect(lines[0]).toEqual({ ...bed, priceCents: 299900 });
    expect(lines[1]).toEqual(pillow);
    expect([...previousPrices]).toEqual([[1, 319900]]);
  });

  it("drops an original price the shop no longer shows and leaves unknown lines alone", () => {
    const { lines, previousPrices } = applyCurrentDetails(
      [bed, pillow],
      [{ ...bed, originalPriceCents: null }],
    );
    expect(lines[0]!.originalPriceCents).toBeUndefined();
    expect(lines[1]).toBe(pillow);
    expect(previousPrices.size).toBe(0);
  });
});
