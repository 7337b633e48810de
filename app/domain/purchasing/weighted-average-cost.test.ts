import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { weightedAverageCost } from "./weighted-average-cost";

describe("weighted average cost", () => {
  it.each([
    // on hand, old cost, received, unit cost, new cost
    { onHand: 10, old: 100_00, received: 10, unit: 200_00, cost: 150_00 },
    { onHand: 3, old: 1000_00, received: 1, unit: 1200_00, cost: 1050_00 },
    // 2 x 100 + 1 x 101 = 301 / 3 = 100.333 -> 100
    { onHand: 2, old: 100, received: 1, unit: 101, cost: 100 },
    // 1 x 100 + 1 x 101 = 201 / 2 = 100.5 -> 101 (half up)
    { onHand: 1, old: 100, received: 1, unit: 101, cost: 101 },
    // 1 x 100 + 2 x 101 = 302 / 3 = 100.667 -> 101
    { onHand: 1, old: 100, received: 2, unit: 101, cost: 101 },
    // No old cost: the receipt's cost.
    { onHand: 5, old: null, received: 2, unit: 450_00, cost: 450_00 },
    // Nothing on hand: the receipt's cost, whatever the old one was.
    { onHand: 0, old: 999_00, received: 4, unit: 500_00, cost: 500_00 },
    // Nothing received: unchanged, even when there was no cost.
    { onHand: 7, old: 300_00, received: 0, unit: 900_00, cost: 300_00 },
    { onHand: 7, old: null, received: 0, unit: 900_00, cost: null },
    // A free unit (a supplier's sample) pulls the average down.
    { onHand: 3, old: 100_00, received: 1, unit: 0, cost: 75_00 },
    // Large figures stay exact.
    { onHand: 1_000_000, old: 9_999_999_99, received: 1_000_000, unit: 1, cost: 5_000_000_00 },
  ])(
    "$onHand on hand at $old, $received received at $unit -> $cost",
    ({ onHand, old, received, unit, cost }) => {
      expect(
        weightedAverageCost({
          onHandBefore: onHand,
          oldCostCents: old,
          received,
          unitCostCents: unit,
        }),
      ).toBe(cost);
    },
  );

  it("always lies between the old cost and the unit cost", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (onHandBefore, oldCostCents, received, unitCostCents) => {
          const cost = weightedAverageCost({
            onHandBefore,
            oldCostCents,
            received,
            unitCostCents,
          })!;
          expect(Number.isInteger(cost)).toBe(true);
          expect(cost).toBeGreaterThanOrEqual(Math.min(oldCostCents, unitCostCents));
          expect(cost).toBeLessThanOrEqual(Math.max(oldCostCents, unitCostCents));
          // Within half a cent of the exact average.
          const exact =
            (onHandBefore * oldCostCents + received * unitCostCents) / (onHandBefore + received);
          expect(Math.abs(cost - exact)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });
});
