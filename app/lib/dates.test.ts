import { describe, expect, it } from "vitest";
import { addDays, formatDay, isCalendarDay, shopToday } from "./dates";

describe("calendar days in the shop's time zone", () => {
  it("today is Johannesburg's day, not the server's", () => {
    // 22:30 UTC on 31 December is 00:30 on 1 January in Johannesburg (UTC+2).
    expect(shopToday(new Date("2026-12-31T22:30:00Z"))).toBe("2027-01-01");
    expect(shopToday(new Date("2026-12-31T21:59:00Z"))).toBe("2026-12-31");
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-25", 10)).toBe("2027-01-04");
    expect(addDays("2028-02-20", 21)).toBe("2028-03-12");
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
