import { describe, expect, it } from "vitest";
import { allowedNextStatuses, canMoveOrder, ORDER_STATUSES } from "./order-status";

describe("order status transitions", () => {
  it.each([
    ["pending", "processing", true],
    ["processing", "completed", true],
    ["pending", "cancelled", true],
    ["processing", "cancelled", true],
    ["pending", "completed", false],
    ["completed", "cancelled", false],
    ["cancelled", "pending", false],
    ["completed", "processing", false],
  ] as const)("%s -> %s: %s", (from, to, allowed) => {
    expect(canMoveOrder(from, to)).toBe(allowed);
  });

  it("never allows staying put, and ends at completed or cancelled", () => {
    for (const s of ORDER_STATUSES) expect(canMoveOrder(s, s)).toBe(false);
    expect(allowedNextStatuses("completed")).toEqual([]);
    expect(allowedNextStatuses("cancelled")).toEqual([]);
  });
});
