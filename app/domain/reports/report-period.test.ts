import { describe, expect, it } from "vitest";
import { bucketLabel, periodBuckets, resolvePeriod, startOfDayIn } from "./report-period";

const JHB = "Africa/Johannesburg";
// Tuesday 24 November 2026, 10:00 in Johannesburg.
const NOW = new Date("2026-11-24T08:00:00Z");
const iso = (d: Date) => d.toISOString();

describe("report periods", () => {
  it("start at midnight in the shop's zone and run to now, against as long a stretch before", () => {
    const cases = [
      ["today", "2026-11-23T22:00:00.000Z", "2026-11-22T22:00:00.000Z", "2026-11-23T08:00:00.000Z"],
      [
        "this-week",
        "2026-11-22T22:00:00.000Z",
        "2026-11-15T22:00:00.000Z",
        "2026-11-17T08:00:00.000Z",
      ],
      [
        "this-month",
        "2026-10-31T22:00:00.000Z",
        "2026-09-30T22:00:00.000Z",
        "2026-10-24T08:00:00.000Z",
      ],
      [
        "this-quarter",
        "2026-09-30T22:00:00.000Z",
        "2026-06-30T22:00:00.000Z",
        "2026-08-24T08:00:00.000Z",
      ],
      [
        "this-year",
        "2025-12-31T22:00:00.000Z",
        "2024-12-31T22:00:00.000Z",
        "2025-11-24T08:00:00.000Z",
      ],
    ] as const;
    for (const [key, start, previousStart, previousEnd] of cases) {
      const p = resolvePeriod({ key, timeZone: JHB, now: NOW });
      expect([iso(p.start), iso(p.end), iso(p.previousStart), iso(p.previousEnd)], key).toEqual([
        start,
        iso(NOW),
        previousStart,
        previousEnd,
      ]);
      expect(p.previousEnd.getTime() - p.previousStart.getTime()).toBe(
        p.end.getTime() - p.start.getTime(),
      );
    }
  });

  it("cut the previous period at the start when last month was shorter", () => {
    // 31 March so far against February, which ends before as much time has passed.
    const p = resolvePeriod({
      key: "this-month",
      timeZone: JHB,
      now: new Date("2027-03-31T20:00:00Z"),
    });
    expect(iso(p.previousStart)).toBe("2027-01-31T22:00:00.000Z");
    expect(iso(p.previousEnd)).toBe(iso(p.start));
  });

  it("takes a custom range as whole days, against as many days just before", () => {
    const p = resolvePeriod({ key: "custom", from: "2026-11-10", to: "2026-11-16", timeZone: JHB });
    expect([iso(p.start), iso(p.end)]).toEqual([
      "2026-11-09T22:00:00.000Z",
      "2026-11-16T22:00:00.000Z",
    ]);
    expect([iso(p.previousStart), iso(p.previousEnd)]).toEqual([
      "2026-11-02T22:00:00.000Z",
      "2026-11-09T22:00:00.000Z",
    ]);
    expect(p.days).toBe(7);
    expect(periodBuckets(p)).toHaveLength(7);
  });

  it("finds midnight across a change of clocks (New York, 1 November 2026)", () => {
    expect(iso(startOfDayIn("2026-10-31", "America/New_York"))).toBe("2026-10-31T04:00:00.000Z");
    expect(iso(startOfDayIn("2026-11-01", "America/New_York"))).toBe("2026-11-01T04:00:00.000Z");
    expect(iso(startOfDayIn("2026-11-02", "America/New_York"))).toBe("2026-11-02T05:00:00.000Z");
  });

  it("groups a year by month and names the buckets", () => {
    const p = resolvePeriod({ key: "this-year", timeZone: JHB, now: NOW });
    expect(p.bucket).toBe("month");
    expect(periodBuckets(p)).toEqual(
      Array.from({ length: 11 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}-01`),
    );
    expect(bucketLabel("2026-11-01", "month")).toBe("Nov 2026");
    expect(bucketLabel("2026-11-05", "day")).toBe("5 Nov");
  });
});
