import { describe, expect, it } from "vitest";
import { refundOutcome, type RefundPartStatus } from "./refund-state";

const parts = (...statuses: RefundPartStatus[]) => statuses.map((status) => ({ status }));

describe("what a refund's parts say of the whole", () => {
  it.each([
    { parts: parts("paid"), outcome: "complete" },
    { parts: parts("paid", "paid"), outcome: "complete" },
    { parts: parts("refused"), outcome: "fail" },
    { parts: parts("refused", "refused"), outcome: "fail" },
    // The provider may have paid: the amount stays held, never freed.
    { parts: parts("unknown"), outcome: "wait" },
    { parts: parts("pending"), outcome: "wait" },
    { parts: parts("paid", "unknown"), outcome: "wait" },
    { parts: parts("refused", "unknown"), outcome: "wait" },
    // Money went back on one part: the refused one is paid back by hand, not dropped.
    { parts: parts("paid", "refused"), outcome: "wait" },
    { parts: [], outcome: "wait" },
  ])("$parts.length parts $parts.0.status...: $outcome", ({ parts, outcome }) => {
    expect(refundOutcome(parts)).toBe(outcome);
  });

  it.each([
    { parts: parts("refused"), outcome: "wait" },
    { parts: parts("paid", "refused"), outcome: "wait" },
    { parts: parts("pending"), outcome: "wait" },
    { parts: parts("paid", "paid"), outcome: "complete" },
  ])(
    "money owed whatever the provider says: $parts.length parts $parts.0.status...: $outcome",
    ({ parts, outcome }) => {
      expect(refundOutcome(parts, { owed: true })).toBe(outcome);
    },
  );
});
