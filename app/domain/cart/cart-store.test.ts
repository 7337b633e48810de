import { describe, expect, it } from "vitest";
import { parseStoredCart } from "./cart-store";

const good = { variantId: 7, name: "Cloud Foam Bed", priceCents: 319900, quantity: 2 };

describe("parseStoredCart", () => {
  it.each([
    ["nothing stored", null],
    ["not JSON", "{oops"],
    ["not a list", JSON.stringify({ lines: [good] })],
    ["a list of junk", JSON.stringify([1, "two", null, {}])],
  ])("reads %s as an empty cart", (_, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it("keeps good lines and drops bad ones", () => {
    const raw = JSON.stringify([
      good,
      { ...good, variantId: 8, quantity: 0 },
      { ...good, variantId: 9, priceCents: 12.5 },
      { ...good, variantId: -1 },
      { ...good, variantId: 10, name: "" },
      { ...good, variantId: 11, quantity: "3" },
      { ...good, variantId: 12, size: "Queen", image: "products/x", originalPriceCents: 639800 },
    ]);
    expect(parseStoredCart(raw)).toEqual([
      good,
      {
        ...good,
        variantId: 12,
        size: "Queen",
        image: "products/x",
        originalPriceCents: 639800,
      },
    ]);
  });

  it("keeps the first of two lines for one variant and ignores unknown fields", () => {
    const raw = JSON.stringify([
      { ...good, extra: "<script>" },
      { ...good, quantity: 5 },
      { ...good, variantId: 8, originalPriceCents: null },
    ]);
    expect(parseStoredCart(raw)).toEqual([good, { ...good, variantId: 8 }]);
  });
});
