import { describe, expect, it } from "vitest";
import { CHECKBOX_GROUPS } from "~/domain/catalog/listing-query";
import { scaleProduct } from "./scale-products";

const sample = Array.from({ length: 2000 }, (_, i) => scaleProduct(62 + i));

describe("the benchmark catalogue", () => {
  it("comes out the same every time", () => {
    expect(scaleProduct(1234)).toEqual(scaleProduct(1234));
  });

  it("gives every product its own slug and SKU", () => {
    expect(new Set(sample.map((p) => p.slug)).size).toBe(sample.length);
    expect(new Set(sample.map((p) => p.sku)).size).toBe(sample.length);
  });

  it("spreads every filter option over the products", () => {
    const values = {
      "mattress-type": sample.map((p) => p.mattressType),
      "bed-type": sample.map((p) => p.bedType),
      "bed-size": sample.flatMap((p) => p.variants.map((v) => v.size)),
      "comfort-level": sample.map((p) => p.comfortLevel),
      brand: sample.map((p) => p.brand),
    };
    for (const group of CHECKBOX_GROUPS) {
      for (const option of group.options) {
        const share = values[group.id].filter((v) => v === option.id).length / sample.length;
        expect(share, `${group.id}-${option.id}`).toBeGreaterThan(0.01);
      }
    }
  });

  it("prices every size in whole Rand, larger sizes dearer, and lists most products", () => {
    for (const p of sample) {
      expect(p.variants.length).toBeGreaterThan(0);
      const prices = p.variants.map((v) => v.price);
      expect(prices.every((price) => Number.isInteger(price) && price > 0)).toBe(true);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    }
    const active = sample.filter((p) => p.status === "active").length / sample.length;
    expect(active).toBeGreaterThan(0.9);
  });
});
