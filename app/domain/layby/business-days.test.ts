import { describe, expect, it } from "vitest";
import { addBusinessDays, easterSunday, isBusinessDay, publicHolidays } from "./business-days";

describe("South African business days", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2028, "2028-04-16"],
  ])("finds Easter Sunday %i on %s", (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it("knows 2026's public holidays, Good Friday and Family Day included", () => {
    const holidays = publicHolidays(2026);
    for (const day of [
      "2026-01-01",
      "2026-03-21",
      "2026-04-03", // Good Friday
      "2026-04-06", // Family Day
      "2026-04-27",
      "2026-05-01",
      "2026-06-16",
      "2026-08-09",
      "2026-08-10", // Women's Day fell on a Sunday
      "2026-09-24",
      "2026-12-16",
      "2026-12-25",
      "2026-12-26",
    ]) {
      expect(holidays.has(day), day).toBe(true);
    }
    expect(holidays.size).toBe(13);
  });

  it("skips weekends and holidays", () => {
    expect(isBusinessDay("2026-11-24")).toBe(true); // a Tuesday
    expect(isBusinessDay("2026-11-28")).toBe(false); // Saturday
    expect(isBusinessDay("2026-11-29")).toBe(false); // Sunday
    expect(isBusinessDay("2026-12-16")).toBe(false); // Day of Reconciliation
    expect(isBusinessDay("2026-08-10")).toBe(false); // the Monday after a Sunday holiday
  });

  it("counts business days after a day, not the day itself", () => {
    expect(addBusinessDays("2026-11-24", 1)).toBe("2026-11-25");
    expect(addBusinessDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    // 11 Dec 2026 (Fri) + 5: 14, 15, 17, 18, 21 (16 Dec is a holiday)
    expect(addBusinessDays("2026-12-11", 5)).toBe("2026-12-21");
    // Over the year end: 24 Dec (Thu) + 3 → 28, 29, 30
    expect(addBusinessDays("2026-12-24", 3)).toBe("2026-12-30");
  });

  it("puts 60 business days after an agreed end about three months on", () => {
    const end = "2027-05-24";
    const expiry = addBusinessDays(end, 60);
    expect(expiry).toBe("2027-08-18");
    expect(isBusinessDay(expiry)).toBe(true);
  });
});
