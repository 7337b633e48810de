import { describe, expect, it } from "vitest";
import { refundPartStatus, refundStatus } from "~/db/schema";
import {
  canMoveRefund,
  canMoveRefundPart,
  OUTCOME_STATUS,
  REFUND_PART_STATUSES,
  REFUND_STATUSES,
  refundOutcome,
  type RefundPartStatus,
  type RefundStatus,
} from "./refund-status";

describe("a refund's life", () => {
  it("lists the statuses the database keeps, and no other", () => {
    expect([...REFUND_STATUSES]).toEqual(refundStatus.enumValues);
    expect([...REFUND_PART_STATUSES]).toEqual(refundPartStatus.enumValues);
  });

  const moves: [RefundStatus, RefundStatus, boolean][] = [
    ["pending", "completed", true],
    ["pending", "failed", true],
    ["pending", "awaiting_provider", true],
    // Why it waits can change while it waits.
    ["awaiting_provider", "awaiting_provider", true],
    ["awaiting_provider", "completed", true],
    ["awaiting_provider", "failed", true],
    // Nothing goes back to being asked, and an ended refund stays ended: money paid back is
    // never un-paid, and a failed refund's amount, once freed, is never held again.
    ["awaiting_provider", "pending", false],
    ["pending", "pending", false],
    ["completed", "awaiting_provider", false],
    ["completed", "failed", false],
    ["completed", "completed", false],
    ["failed", "completed", false],
    ["failed", "awaiting_provider", false],
  ];
  it.each(moves)("%s to %s: %s", (from, to, allowed) => {
    expect(canMoveRefund(from, to)).toBe(allowed);
  });

  const partMoves: [RefundPartStatus, RefundPartStatus, boolean][] = [
    ["pending", "paid", true],
    ["pending", "refused", true],
    ["pending", "unknown", true],
    ["unknown", "unknown", true],
    ["unknown", "paid", true],
    ["unknown", "refused", true],
    // Owed whatever the provider said: a refused part is paid back by hand.
    ["refused", "paid", true],
    ["refused", "unknown", false],
    ["unknown", "pending", false],
    ["paid", "refused", false],
    ["paid", "unknown", false],
    ["paid", "paid", false],
  ];
  it.each(partMoves)("a part %s to %s: %s", (from, to, allowed) => {
    expect(canMoveRefundPart(from, to)).toBe(allowed);
  });

  it("every outcome of its parts leads to a status a waiting refund can move to", () => {
    for (const status of Object.values(OUTCOME_STATUS)) {
      expect(canMoveRefund("awaiting_provider", status)).toBe(true);
      expect(canMoveRefund("pending", status)).toBe(true);
    }
  });
});

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
