import { describe, expect, it } from "vitest";
import {
  addDays,
  expectedDateFor,
  formatDay,
  isCalendarDay,
  shopToday,
} from "./purchase-order-dates";

describe("purchase order dates", () => {
  it("today is Johannesburg's day, not the server's", () => {
    // 22:30 UTC on 31 December is 00:30 on 1 January in Johannesburg (UTC+2).
    expect(shopToday(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
    expect(shopToday(new Date("2026-12-31T21:59:00Z"))).toBe("2026-12-31");
  });

  it("the expected date is today plus the lead time, across months and leap days", () => {
    expect(expectedDateFor(14, new Date("2026-03-10T08:00:00Z"))).toBe("2026-03-24");
    expect(expectedDateFor(21, new Date("2028-02-20T08:00:00Z"))).toBe("2028-03-12");
    expect(expectedDateFor(0, new Date("2026-03-10T23:00:00Z"))).toBe("2026-03-11");
    expect(addDays("2026-12-25", 10)).toBe("2027-01-04");
  });

  it("takes real calendar days only", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("26-01-01")).toBe(false);
    expect(isCalendarDay("2026-01-01T00:00")).toBe(false);
  });

  it("shows a day as staff read it", () => {
    expect(formatDay("2026-10-12")).toBe("12 Oct 2026");
    expect(formatDay(null)).toBe("");
  });
});
