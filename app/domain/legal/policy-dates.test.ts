import { describe, expect, it } from "vitest";
import { formatPolicyDate, POLICY_LAST_CHANGED } from "./policy-dates";

describe("formatPolicyDate", () => {
  it.each([
    ["2026-11-22", "22 November 2026"],
    ["2027-01-05", "5 January 2027"],
    ["2028-02-29", "29 February 2028"],
  ])("shows %s as %s", (iso, expected) => {
    expect(formatPolicyDate(iso)).toBe(expected);
  });

  it.each(["2026-13-01", "2026-02-30", "22/11/2026", "2026-11-22T10:00:00Z", ""])(
    "refuses %j, which is not a calendar date",
    (value) => {
      expect(() => formatPolicyDate(value)).toThrow(/Not a calendar date/);
    },
  );
});

describe("POLICY_LAST_CHANGED", () => {
  it("holds a real date, not in the future, for every legal text", () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const date of Object.values(POLICY_LAST_CHANGED)) {
      expect(() => formatPolicyDate(date)).not.toThrow();
      expect(date <= today).toBe(true);
    }
  });
});
