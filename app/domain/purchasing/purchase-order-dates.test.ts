import { describe, expect, it } from "vitest";
import { expectedDateFor } from "./purchase-order-dates";

describe("a purchase order's expected date", () => {
  it("is today in Johannesburg plus the lead time, across months and leap days", () => {
    expect(expectedDateFor(14, new Date("2026-03-10T08:00:00Z"))).toBe("2026-03-24");
    expect(expectedDateFor(21, new Date("2028-02-20T08:00:00Z"))).toBe("2028-03-12");
    expect(expectedDateFor(0, new Date("2026-03-10T23:00:00Z"))).toBe("2026-03-11");
  });
});
