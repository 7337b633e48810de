import { describe, expect, it } from "vitest";
import { availabilityNote } from "./promotion-availability";
import {
  endDayOf,
  formatPeriod,
  periodFromDays,
  periodState,
  startDayOf,
} from "./promotion-period";
import { formatPromotionValue, promotionValueText } from "./promotion-value";

describe("a promotion's period in the shop's time zone", () => {
  it("runs from the start day's midnight to the end day's midnight, SAST", () => {
    const period = periodFromDays("2026-12-01", "2026-12-31");
    expect(period.startsAt!.toISOString()).toBe("2026-11-30T22:00:00.000Z");
    expect(period.endsAt!.toISOString()).toBe("2026-12-31T22:00:00.000Z");
    expect(periodFromDays(null, null)).toEqual({ startsAt: null, endsAt: null });
  });

  it("gives the same days back, and the demo's 23:59:59 end as its own day", () => {
    const period = periodFromDays("2026-12-01", "2026-12-31");
    expect(startDayOf(period.startsAt)).toBe("2026-12-01");
    expect(endDayOf(period.endsAt)).toBe("2026-12-31");
    expect(endDayOf(new Date("2025-08-31T23:59:59+02:00"))).toBe("2025-08-31");
    expect(startDayOf(null)).toBeNull();
    expect(endDayOf(null)).toBeNull();
  });

  it("is scheduled before its start, running on its days and expired after its end day", () => {
    const period = periodFromDays("2026-12-01", "2026-12-01");
    const at = (iso: string) => periodState(period, new Date(iso));
    expect(at("2026-11-30T21:59:59Z")).toBe("scheduled"); // 23:59:59 SAST the day before
    expect(at("2026-11-30T22:00:00Z")).toBe("running"); // midnight SAST
    expect(at("2026-12-01T21:59:59Z")).toBe("running"); // 23:59:59 SAST on the day
    expect(at("2026-12-01T22:00:00Z")).toBe("expired");
    expect(periodState({ startsAt: null, endsAt: null })).toBe("running");
  });

  it("is shown as staff read it", () => {
    expect(formatPeriod("2025-06-01", "2025-08-31")).toBe("01/06/2025 – 31/08/2025");
    expect(formatPeriod("2025-06-01", null)).toBe("From 01/06/2025");
    expect(formatPeriod(null, "2025-08-31")).toBe("Until 31/08/2025");
    expect(formatPeriod(null, null)).toBe("Always");
  });
});

describe("a promotion's value", () => {
  it("shows as a percent or as Rand through the money formatter", () => {
    expect(formatPromotionValue({ kind: "percentage", value: 10 })).toBe("10%");
    expect(formatPromotionValue({ kind: "fixed", value: 50_000 })).toBe("R500");
    expect(formatPromotionValue({ kind: "fixed", value: 24_950 })).toBe("R249.50");
    expect(formatPromotionValue({ kind: "fixed", value: 150_000 })).toBe("R1,500");
  });

  it("fills the edit form as it was typed", () => {
    expect(promotionValueText({ kind: "percentage", value: 10 })).toBe("10");
    expect(promotionValueText({ kind: "fixed", value: 24_950 })).toBe("249.50");
  });
});

describe("the notice after a change", () => {
  const now = new Date("2026-06-15T10:00:00Z");
  const code = "WINTER10";
  it("says whether checkout takes the code now", () => {
    const running = { code, active: true, ...periodFromDays(null, null) };
    expect(availabilityNote(running, now)).toBe("WINTER10 can be used at checkout now.");
    expect(availabilityNote({ ...running, active: false }, now)).toBe(
      "WINTER10 is switched off: checkout refuses it until it is activated.",
    );
    expect(
      availabilityNote({ code, active: true, ...periodFromDays("2026-07-01", null) }, now),
    ).toBe("WINTER10 can be used at checkout from 01/07/2026.");
    expect(
      availabilityNote({ code, active: true, ...periodFromDays(null, "2026-06-14") }, now),
    ).toBe("WINTER10's end date has passed: checkout refuses it.");
  });
});
