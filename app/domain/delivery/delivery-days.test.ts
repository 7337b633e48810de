import { describe, expect, it } from "vitest";
import { shopToday } from "~/lib/dates";
import { countingDay, daysOffered, isDayAllowed, type ZoneRules } from "./delivery-days";
import { isClosedDay } from "./public-holidays";

/**
 * The days offered, as a case table. Moments are written in UTC ("Z"): Johannesburg is two
 * hours ahead all year. Run it under TZ=UTC and TZ=America/New_York as well: nothing may change.
 */
const everyDay: ZoneRules = {
  id: 1,
  weekdays: [1, 2, 3, 4, 5, 6],
  leadDays: 0,
  dropsPerDay: 4,
  express: true,
};
const tuesdayThursday: ZoneRules = { ...everyDay, id: 2, weekdays: [2, 4], leadDays: 2 };
const none = new Map<string, number>();

type Case = {
  why: string;
  now: string;
  zone: ZoneRules;
  kind?: "standard" | "express";
  booked?: Record<string, number>;
  goodsReadyDay?: string;
  closed?: string[];
  count?: number;
  cutOff?: string;
  after?: string;
  expected: string[];
};

const cases: Case[] = [
  {
    why: "an ordinary Tuesday morning: from tomorrow, Saturday included, Sunday not",
    now: "2026-11-24T08:00:00Z",
    zone: everyDay,
    expected: ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30"],
  },
  {
    why: "one lead day, ordered before the 14:00 cut-off: counts from today",
    now: "2026-11-24T11:59:00Z", // 13:59 in Johannesburg
    zone: { ...everyDay, leadDays: 1 },
    expected: ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30"],
  },
  {
    why: "one lead day, ordered at 14:30 Johannesburg (12:30 UTC): counts from tomorrow",
    now: "2026-11-24T12:30:00Z",
    zone: { ...everyDay, leadDays: 1 },
    expected: ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-30", "2026-12-01"],
  },
  {
    why: "the evening before: Monday 21:00 is after Monday's cut-off, so counts from Tuesday",
    now: "2026-11-23T19:00:00Z",
    zone: { ...everyDay, leadDays: 1 },
    count: 2,
    expected: ["2026-11-25", "2026-11-26"],
  },
  {
    why: "a cut-off of 16:00 given: 15:00 Johannesburg still counts from today",
    now: "2026-11-24T13:00:00Z",
    zone: { ...everyDay, leadDays: 1 },
    cutOff: "16:00",
    count: 2,
    expected: ["2026-11-25", "2026-11-26"],
  },
  {
    why: "Friday 22:30 UTC is already Saturday 00:30 in Johannesburg: Saturday is today, not offered",
    now: "2026-11-27T22:30:00Z",
    zone: everyDay,
    count: 2,
    expected: ["2026-11-30", "2026-12-01"],
  },
  {
    why: "Day of Reconciliation (Wednesday 16 December) is never offered",
    now: "2026-12-14T08:00:00Z",
    zone: everyDay,
    expected: ["2026-12-15", "2026-12-17", "2026-12-18", "2026-12-19", "2026-12-21"],
  },
  {
    why: "the Monday after Women's Day on a Sunday (10 August 2026) is a holiday",
    now: "2026-08-07T08:00:00Z",
    zone: { ...everyDay, weekdays: [1, 2] },
    count: 3,
    expected: ["2026-08-11", "2026-08-17", "2026-08-18"],
  },
  {
    why: "two lead days over Easter: Good Friday, the weekend and Family Day do not count",
    now: "2026-04-02T08:00:00Z",
    zone: { ...everyDay, leadDays: 2 },
    expected: ["2026-04-08", "2026-04-09", "2026-04-10", "2026-04-11", "2026-04-13"],
  },
  {
    why: "Tuesdays and Thursdays after two lead days: Friday's order counts Monday, Tuesday",
    now: "2026-11-27T08:00:00Z",
    zone: tuesdayThursday,
    count: 3,
    expected: ["2026-12-01", "2026-12-03", "2026-12-08"],
  },
  {
    why: "full days are left out, a day with one drop left is offered",
    now: "2026-11-24T08:00:00Z",
    zone: everyDay,
    booked: { "2026-11-25": 4, "2026-11-26": 3, "2026-11-27": 5 },
    count: 3,
    expected: ["2026-11-26", "2026-11-28", "2026-11-30"],
  },
  {
    why: "goods reach the warehouse next Wednesday: two lead days count from then",
    now: "2026-11-24T08:00:00Z",
    zone: { ...everyDay, leadDays: 2 },
    goodsReadyDay: "2026-12-02",
    count: 2,
    expected: ["2026-12-04", "2026-12-05"],
  },
  {
    why: "goods arriving on a Saturday count from the Monday",
    now: "2026-11-24T08:00:00Z",
    zone: { ...everyDay, leadDays: 1 },
    goodsReadyDay: "2026-11-28",
    count: 1,
    expected: ["2026-12-01"],
  },
  {
    why: "over the year end: Christmas and the Day of Goodwill (a Saturday) and New Year's Day",
    now: "2026-12-23T09:00:00Z",
    zone: { ...everyDay, leadDays: 1 },
    count: 6,
    expected: ["2026-12-24", "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-02"],
  },
  {
    why: "the end of 2027: 26 December is a Sunday, so Monday 27 is a holiday",
    now: "2027-12-23T08:00:00Z",
    zone: { ...everyDay, weekdays: [1, 2, 3] },
    count: 3,
    expected: ["2027-12-28", "2027-12-29", "2028-01-03"],
  },
  {
    why: "over a month end with the shop's own day off",
    now: "2027-01-28T08:00:00Z",
    zone: everyDay,
    closed: ["2027-02-01"],
    count: 3,
    expected: ["2027-01-29", "2027-01-30", "2027-02-02"],
  },
  {
    why: "the next free day after one that filled up",
    now: "2026-11-24T08:00:00Z",
    zone: everyDay,
    after: "2026-11-27",
    count: 1,
    expected: ["2026-11-28"],
  },
  {
    why: "express on a Tuesday morning: Wednesday and Thursday",
    now: "2026-11-24T08:00:00Z",
    zone: tuesdayThursday,
    kind: "express",
    expected: ["2026-11-25", "2026-11-26"],
  },
  {
    why: "express after the cut-off: Thursday and Friday",
    now: "2026-11-24T12:30:00Z",
    zone: tuesdayThursday,
    kind: "express",
    expected: ["2026-11-26", "2026-11-27"],
  },
  {
    why: "express on a Friday: Saturday is not a business day, so Monday and Tuesday",
    now: "2026-11-27T08:00:00Z",
    zone: everyDay,
    kind: "express",
    expected: ["2026-11-30", "2026-12-01"],
  },
  {
    why: "express with its first day full offers the second alone",
    now: "2026-11-24T08:00:00Z",
    zone: everyDay,
    kind: "express",
    booked: { "2026-11-25": 4 },
    expected: ["2026-11-26"],
  },
  {
    why: "express where the zone has none",
    now: "2026-11-24T08:00:00Z",
    zone: { ...everyDay, express: false },
    kind: "express",
    expected: [],
  },
  {
    why: "a zone with no drops a day offers nothing",
    now: "2026-11-24T08:00:00Z",
    zone: { ...everyDay, dropsPerDay: 0 },
    expected: [],
  },
  {
    why: "a zone with no weekdays (or only Sunday, 0) offers nothing",
    now: "2026-11-24T08:00:00Z",
    zone: { ...everyDay, weekdays: [0] },
    expected: [],
  },
];

describe("the delivery days offered", () => {
  it.each(cases)("$why", (c) => {
    const booked = new Map(Object.entries(c.booked ?? {}));
    const closedDays = new Set(c.closed ?? []);
    const now = new Date(c.now);
    const days = daysOffered({
      now,
      zone: c.zone,
      kind: c.kind ?? "standard",
      booked,
      goodsReadyDay: c.goodsReadyDay,
      count: c.count,
      cutOff: c.cutOff,
      closedDays,
      after: c.after,
    });
    expect(days).toEqual(c.expected);
    // Invariants: never today or before, never closed, never full, in order, no repeats.
    const today = shopToday(now);
    for (const day of days) {
      expect(day > today, day).toBe(true);
      expect(isClosedDay(day, closedDays), day).toBe(false);
      expect(booked.get(day) ?? 0, day).toBeLessThan(c.zone.dropsPerDay);
    }
    expect([...new Set(days)].sort()).toEqual(days);
  });

  it("counts from the next business day after the cut-off, at exactly 14:00", () => {
    expect(countingDay({ now: new Date("2026-11-24T11:59:59Z") })).toBe("2026-11-24");
    expect(countingDay({ now: new Date("2026-11-24T12:00:00Z") })).toBe("2026-11-25");
    // Saturday morning counts from Monday; a Friday after the cut-off too.
    expect(countingDay({ now: new Date("2026-11-28T07:00:00Z") })).toBe("2026-11-30");
    expect(countingDay({ now: new Date("2026-11-27T15:00:00Z") })).toBe("2026-11-30");
  });

  it("allows a day only when the rules offer it, full or not", () => {
    const rules = { now: new Date("2026-11-27T08:00:00Z"), zone: tuesdayThursday };
    expect(isDayAllowed({ ...rules, kind: "standard" }, "2026-12-01")).toBe(true);
    expect(isDayAllowed({ ...rules, kind: "standard" }, "2026-12-02")).toBe(false); // Wednesday
    expect(isDayAllowed({ ...rules, kind: "standard" }, "2026-11-26")).toBe(false); // past
    expect(isDayAllowed({ ...rules, kind: "standard" }, "2026-12-16")).toBe(false); // holiday
    expect(isDayAllowed({ ...rules, kind: "express" }, "2026-11-30")).toBe(true);
    expect(isDayAllowed({ ...rules, kind: "express" }, "2026-12-02")).toBe(false); // third day
  });

  it("gives the same days whatever the process's time zone", () => {
    // The file runs under TZ=UTC and TZ=America/New_York too; this names the zone it ran in.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const days = daysOffered({
      now: new Date("2026-11-27T22:30:00Z"),
      zone: everyDay,
      kind: "standard",
      booked: none,
      count: 1,
    });
    expect(days, zone).toEqual(["2026-11-30"]);
  });
});
