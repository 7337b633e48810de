import { describe, expect, it } from "vitest";
import { discountCents } from "~/domain/orders/totals";
import {
  judgeRules,
  NO_RULES,
  qualifyingCents,
  rulesSummary,
  scopeLabel,
  type PromotionRules,
  type RuleLine,
} from "./promotion-rules";

const MATTRESSES = { id: 1, name: "Mattresses" };
const PILLOWS = { id: 2, name: "Pillows" };
const COMFORT = { id: 50, title: "Comfort Foam" };

const mattress = (cents: number): RuleLine => ({
  productId: 10,
  categoryId: 1,
  lineTotalCents: cents,
});
const pillow = (cents: number): RuleLine => ({
  productId: 20,
  categoryId: 2,
  lineTotalCents: cents,
});
const comfort = (cents: number): RuleLine => ({
  productId: 50,
  categoryId: 3,
  lineTotalCents: cents,
});
const bed = (cents: number): RuleLine => ({ productId: 30, categoryId: 4, lineTotalCents: cents });

const rules = (r: Partial<PromotionRules>): PromotionRules => ({ ...NO_RULES, ...r });

describe("judgeRules", () => {
  it.each<[string, PromotionRules, RuleLine[], boolean | null, string | number]>([
    ["no rules: the whole cart qualifies", NO_RULES, [bed(100_000), pillow(20_000)], null, 120_000],
    ["minimum met exactly", rules({ minSpendCents: 500_000 }), [bed(500_000)], null, 500_000],
    [
      "minimum missed, on the whole cart",
      rules({ minSpendCents: 500_000 }),
      [bed(200_000), pillow(120_000)],
      null,
      "SAVE needs a spend of R5,000.00 on goods; your cart is R3,200.00 (R1,800.00 short).",
    ],
    [
      "limited to a category: only its lines count",
      rules({ categories: [MATTRESSES] }),
      [mattress(300_000), bed(100_000)],
      null,
      300_000,
    ],
    [
      "limited, nothing qualifies",
      rules({ categories: [MATTRESSES] }),
      [bed(100_000), pillow(10_000)],
      null,
      "SAVE applies to Mattresses only; nothing in your cart qualifies.",
    ],
    [
      "a category or a product: either qualifies",
      rules({ categories: [MATTRESSES], products: [COMFORT] }),
      [mattress(100_000), comfort(50_000), bed(70_000)],
      null,
      150_000,
    ],
    [
      "limited with a minimum: counted on the qualifying lines",
      rules({ categories: [MATTRESSES, PILLOWS], minSpendCents: 300_000 }),
      [mattress(200_000), bed(900_000)],
      null,
      "SAVE needs a spend of R3,000.00 on Mattresses or Pillows; those items in your cart come to R2,000.00 (R1,000.00 short).",
    ],
    [
      "one per customer, already used",
      rules({ oncePerCustomer: true }),
      [bed(100_000)],
      true,
      "You have already used SAVE (one use per customer).",
    ],
    [
      "one per customer, not used",
      rules({ oncePerCustomer: true }),
      [bed(100_000)],
      false,
      100_000,
    ],
    ["one per customer, e-mail not known yet", rules({ oncePerCustomer: true }), [bed(1)], null, 1],
    [
      "nothing qualifies is said before the minimum",
      rules({ categories: [PILLOWS], minSpendCents: 100_000, oncePerCustomer: true }),
      [bed(100_000)],
      true,
      "SAVE applies to Pillows only; nothing in your cart qualifies.",
    ],
    [
      "the minimum is said before one per customer",
      rules({ minSpendCents: 100_000, oncePerCustomer: true }),
      [bed(50_000)],
      true,
      "SAVE needs a spend of R1,000.00 on goods; your cart is R500.00 (R500.00 short).",
    ],
  ])("%s", (_name, r, lines, used, expected) => {
    const verdict = judgeRules({ code: "SAVE", rules: r, lines, usedByCustomer: used });
    if (typeof expected === "number") {
      expect(verdict).toEqual({ ok: true, qualifyingCents: expected });
      // Invariant: the qualifying goods are part of the cart, never more.
      const cart = lines.reduce((s, l) => s + l.lineTotalCents, 0);
      expect(expected).toBeLessThanOrEqual(cart);
      expect(qualifyingCents(r, lines)).toBe(expected);
    } else {
      expect(verdict).toMatchObject({ ok: false, message: expected });
    }
  });
});

describe("the discount on the qualifying lines", () => {
  it.each([
    // subtotal, qualifying, kind, value, discount
    [400_000, 300_000, "percentage", 10, 30_000],
    [400_000, 300_000, "fixed", 50_000, 50_000],
    [400_000, 30_000, "fixed", 50_000, 30_000], // capped at the qualifying lines
    [400_000, undefined, "fixed", 50_000, 50_000], // no limits: the whole subtotal
    [40_000, undefined, "fixed", 50_000, 40_000],
    [100_001, 33_335, "percentage", 15, 5_000], // rounded to the cent
  ] as const)("R%s with %s qualifying, %s %s: %s off", (subtotal, qualifying, kind, value, off) => {
    const discount = discountCents(subtotal, { kind, value, qualifyingCents: qualifying });
    expect(discount).toBe(off);
    // Invariant: never more than the qualifying goods, never below zero.
    expect(discount).toBeGreaterThanOrEqual(0);
    expect(discount).toBeLessThanOrEqual(qualifying ?? subtotal);
  });
});

describe("the rules in words", () => {
  it("names the goods and sums the rules up", () => {
    expect(scopeLabel({ categories: [MATTRESSES], products: [] })).toBe("Mattresses");
    expect(scopeLabel({ categories: [MATTRESSES, PILLOWS], products: [COMFORT] })).toBe(
      "Mattresses, Pillows or Comfort Foam",
    );
    expect(
      scopeLabel({
        categories: [MATTRESSES, PILLOWS],
        products: [COMFORT, { id: 51, title: "Firm" }],
      }),
    ).toBe("Mattresses, Pillows or 2 more");
    expect(rulesSummary(NO_RULES)).toBe("");
    expect(
      rulesSummary(rules({ minSpendCents: 500_000, oncePerCustomer: true, categories: [PILLOWS] })),
    ).toBe("Min. R5,000.00 · Once per customer · Only Pillows");
  });
});
