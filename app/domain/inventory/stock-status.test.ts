import { describe, expect, it } from "vitest";
import { availableStock, stockStatus } from "./stock-status";

describe("a stock level's status", () => {
  it.each([
    // on hand, reserved, threshold, status
    [0, 0, 2, "out_of_stock"],
    [3, 3, 2, "out_of_stock"],
    [0, 0, 0, "out_of_stock"],
    [1, 0, 2, "low_stock"],
    [2, 0, 2, "low_stock"],
    [5, 3, 2, "low_stock"],
    [3, 0, 2, "in_stock"],
    [10, 7, 2, "in_stock"],
    [1, 0, 0, "in_stock"],
    [50, 0, 50, "low_stock"],
    [51, 0, 50, "in_stock"],
  ] as const)(
    "%i on hand, %i reserved, threshold %i: %s",
    (onHand, reserved, threshold, status) => {
      expect(stockStatus({ onHand, reserved, lowStockThreshold: threshold })).toBe(status);
    },
  );

  it("counts what is available as on hand less reserved, never below zero", () => {
    expect(availableStock({ onHand: 7, reserved: 2 })).toBe(5);
    expect(availableStock({ onHand: 2, reserved: 2 })).toBe(0);
    expect(availableStock({ onHand: 1, reserved: 3 })).toBe(0);
  });
});
