import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  addDays,
  configureDates,
  DEFAULT_DATE_SETTINGS,
  dateSettingsOf,
  formatDateTime,
  formatDay,
  isTimeZone,
  isCalendarDay,
  localDateTime,
  shopToday,
  TIME_ZONES,
} from "./dates";

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
    expect(formatDay("2026-10-12")).toBe("12/10/2026");
    expect(formatDay(null)).toBe("");
    expect(formatDay("2026-02-30")).toBe("");
  });
});

describe("dates follow the shop's time zone and date format", () => {
  beforeEach(() => configureDates(DEFAULT_DATE_SETTINGS));
  afterEach(() => configureDates(DEFAULT_DATE_SETTINGS));

  it("writes a day in each of the three formats", () => {
    configureDates({ timeZone: "Africa/Johannesburg", dateFormat: "MM/DD/YYYY" });
    expect(formatDay("2026-10-12")).toBe("10/12/2026");
    configureDates({ timeZone: "Africa/Johannesburg", dateFormat: "YYYY-MM-DD" });
    expect(formatDay("2026-10-12")).toBe("2026-10-12");
  });

  it("writes a moment in the shop's zone: 22:30 UTC is the next day in Johannesburg", () => {
    const moment = new Date("2026-12-31T22:30:00Z");
    expect(formatDateTime(moment)).toBe("01/01/2027, 00:30");
    configureDates({ timeZone: "Africa/Johannesburg", dateFormat: "MM/DD/YYYY" });
    expect(formatDateTime(moment)).toBe("01/01/2027, 00:30");
    // The day of the moment is the day the shop dates it by.
    expect(shopToday(moment)).toBe("2027-01-01");
  });

  it("reads an unknown stored zone or format as the default, and a US zone as Johannesburg", () => {
    expect(dateSettingsOf({ timezone: "Mars/Olympus", dateFormat: "D.M.Y" })).toEqual(
      DEFAULT_DATE_SETTINGS,
    );
    expect(dateSettingsOf({ timezone: "America/Chicago", dateFormat: "YYYY-MM-DD" })).toEqual({
      timeZone: "Africa/Johannesburg",
      dateFormat: "YYYY-MM-DD",
    });
  });

  it("offers only the zone the shop counts its days in; the specification's others say so", () => {
    expect(TIME_ZONES.filter((z) => z.available).map((z) => z.value)).toEqual([
      "Africa/Johannesburg",
    ]);
    for (const zone of TIME_ZONES.filter((z) => !z.available)) {
      expect(zone.label).toMatch(/: not available$/);
      expect(isTimeZone(zone.value)).toBe(false);
    }
  });
});

describe("a moment on a zone's clock for a CSV", () => {
  it("writes the day and time there with the offset, never UTC's", () => {
    const late = new Date("2026-11-09T22:30:00Z");
    expect(localDateTime(late, "Africa/Johannesburg")).toBe("2026-11-10 00:30 +02:00");
    expect(localDateTime(late, "America/New_York")).toBe("2026-11-09 17:30 -05:00");
  });
});
