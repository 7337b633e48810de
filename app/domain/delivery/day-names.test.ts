import { describe, expect, it } from "vitest";
import { formatDeliveryDay, formatLongDay } from "./day-names";

describe("delivery days as a South African shopper reads them", () => {
  it.each([
    ["2026-12-03", "Thursday 3 December", "Thursday 3 December 2026"],
    ["2026-12-24", "Thursday 24 December", "Thursday 24 December 2026"],
    ["2027-01-04", "Monday 4 January", "Monday 4 January 2027"],
  ])("%s reads %s", (day, short, long) => {
    expect(formatDeliveryDay(day)).toBe(short);
    expect(formatLongDay(day)).toBe(long);
  });
});
