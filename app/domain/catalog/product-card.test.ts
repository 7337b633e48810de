import { describe, expect, it } from "vitest";
import { availabilityLabel } from "./product-card";

describe("availabilityLabel", () => {
  it.each([
    [0, "Out of stock"],
    [-2, "Out of stock"],
    [1, "Only 1 left"],
    [3, "Only 3 left"],
    [4, "In stock"],
    [40, "In stock"],
  ])("shows %i available as %s", (available, label) => {
    expect(availabilityLabel(available)).toBe(label);
  });
});
