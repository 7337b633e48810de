import { describe, expect, it } from "vitest";
import { easterSunday, isClosedDay, publicHolidayName, publicHolidaysOf } from "./public-holidays";

describe("South African public holidays", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2028, "2028-04-16"],
    [2038, "2038-04-25"], // the latest Easter of the century
  ])("finds Easter Sunday %i on %s", (year, day) => {
    expect(easterSunday(year)).toBe(day);
  });

  it.each([
    ["2026-04-03", "Good Friday", "Easter 2026 is 5 April"],
    ["2026-04-06", "Family Day", "the Monday after Easter 2026"],
    ["2027-03-26", "Good Friday", "Easter 2027 is 28 March"],
    ["2027-03-29", "Family Day", "the Monday after Easter 2027"],
    ["2028-04-14", "Good Friday", "Easter 2028 is 16 April"],
    ["2028-04-17", "Family Day", "the Monday after Easter 2028"],
    ["2026-01-01", "New Year's Day", "fixed"],
    ["2026-03-21", "Human Rights Day", "fixed (a Saturday: nothing moves)"],
    ["2026-12-16", "Day of Reconciliation", "fixed"],
    ["2026-12-26", "Day of Goodwill", "fixed (a Saturday: nothing moves)"],
    ["2026-08-10", "National Women's Day (observed)", "9 Aug 2026 is a Sunday"],
    ["2027-03-22", "Human Rights Day (observed)", "21 Mar 2027 is a Sunday"],
    ["2027-12-27", "Day of Goodwill (observed)", "26 Dec 2027 is a Sunday"],
    ["2028-09-25", "Heritage Day (observed)", "24 Sep 2028 is a Sunday"],
    ["2029-12-17", "Day of Reconciliation (observed)", "16 Dec 2029 is a Sunday"],
    ["2022-05-02", "Workers' Day (observed)", "1 May 2022 was a Sunday"],
  ])("%s is %s (%s)", (day, name) => {
    expect(publicHolidayName(day)).toBe(name);
    expect(isClosedDay(day)).toBe(true);
  });

  it.each([
    ["2026-03-23", "21 Mar 2026 is a Saturday: the Act moves only Sunday holidays"],
    ["2026-12-28", "26 Dec 2026 is a Saturday: no Monday off"],
    ["2022-12-27", "Christmas 2022 on a Sunday: its Monday is Day of Goodwill already"],
    ["2026-04-02", "the Thursday before Good Friday"],
    ["2026-11-27", "an ordinary Friday"],
  ])("%s is not a public holiday (%s)", (day) => {
    expect(publicHolidayName(day)).toBeUndefined();
  });

  it.each([2026, 2027, 2028])("%i has 12 holidays plus one Monday per Sunday holiday", (year) => {
    const holidays = publicHolidaysOf(year);
    const observed = [...holidays.values()].filter((name) => name.endsWith("(observed)"));
    const sundays = { 2026: 1, 2027: 2, 2028: 1 }[year]!;
    expect(observed).toHaveLength(sundays);
    expect(holidays.size).toBe(12 + sundays);
    // Invariant: every observed Monday follows a holiday that fell on a Sunday.
    for (const [day, name] of holidays) {
      if (!name.endsWith("(observed)")) continue;
      expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
    }
    expect([...holidays.keys()]).toEqual([...holidays.keys()].sort());
  });

  it("closes on Sundays and on the shop's own days off, not on ordinary days", () => {
    expect(isClosedDay("2026-11-29")).toBe(true); // Sunday
    expect(isClosedDay("2026-11-28")).toBe(false); // Saturday: the shop trades
    expect(isClosedDay("2026-12-31")).toBe(false);
    expect(isClosedDay("2026-12-31", new Set(["2026-12-31"]))).toBe(true); // stocktake
  });
});
