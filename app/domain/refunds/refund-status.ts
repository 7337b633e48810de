/*
 * A refund's life (docs/decisions/030, 051), owned by the pay-back engine: the refund's status
 * and each part's, with their transition tables. Only refund-writes.server.ts writes them,
 * along these tables (lint refuses any other write).
 */

export const REFUND_STATUSES = [
  /** Saved with its parts; its providers are being asked (or were, when a process stopped). */
  "pending",
  /**
   * An answer is not known, a part is to be paid back by hand, or money is owed that staff are
   * to pay back: its amount stays held, and why is kept with it.
   */
  "awaiting_provider",
  /** Every part paid back. */
  "completed",
  /** Nothing was paid: every provider said no, and its amount is free again. */
  "failed",
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

const NEXT: Record<RefundStatus, readonly RefundStatus[]> = {
  // Every answer came back paid, or every one a definite no; or one is not known.
  pending: ["awaiting_provider", "completed", "failed"],
  // Why it waits can change (a part paid, another still unknown); then it ends either way.
  awaiting_provider: ["awaiting_provider", "completed", "failed"],
  completed: [],
  failed: [],
};

export function canMoveRefund(from: RefundStatus, to: RefundStatus): boolean {
  return NEXT[from].includes(to);
}

/** The refunds whose amount the shop still owes: asked and not answered, or awaiting. */
export const REFUND_STATUSES_OWED = [
  "pending",
  "awaiting_provider",
] as const satisfies readonly RefundStatus[];

/**
 * The refunds that count against what an order can still pay back: those owed, and those paid
 * back. A failed one frees its amount.
 */
export const REFUND_STATUSES_HELD = [
  ...REFUND_STATUSES_OWED,
  "completed",
] as const satisfies readonly RefundStatus[];

/**
 * What became of one part of a refund (refund_parts.status): pending (not asked yet, or asked
 * and not answered when the process stopped), paid, refused (the provider's definite no),
 * unknown (a timeout, a network error or a 5xx: the provider may have paid, so its amount stays
 * held).
 */
export const REFUND_PART_STATUSES = ["pending", "paid", "refused", "unknown"] as const;
export type RefundPartStatus = (typeof REFUND_PART_STATUSES)[number];

const PART_NEXT: Record<RefundPartStatus, readonly RefundPartStatus[]> = {
  // The provider's answer; a stopped process's part is marked unknown (it may have paid).
  pending: ["paid", "refused", "unknown"],
  // Asked again, or settled by staff from the provider's records.
  unknown: ["paid", "refused", "unknown"],
  // Money the shop owes whatever the provider said is then paid back by hand.
  refused: ["paid"],
  paid: [],
};

export function canMoveRefundPart(from: RefundPartStatus, to: RefundPartStatus): boolean {
  return PART_NEXT[from].includes(to);
}

/**
 * What a refund's parts say of the whole (docs/decisions/030): complete (every part paid: its
 * credit note is issued), fail (nothing was paid: a definite no frees the amount), or wait
 * (an answer is not known, or a part the provider refused after another paid is still to be
 * paid back by hand): its amount stays held. Money that is owed whatever the provider says (a
 * cancelled lay-by's, a payment the shop cannot keep) never fails: a part the provider refused
 * is paid back by hand. Pure: the engine and its tests read it alike.
 */
export function refundOutcome(
  parts: readonly { status: RefundPartStatus }[],
  options: { owed?: boolean } = {},
) {
  if (parts.length === 0) return "wait" as const;
  if (parts.every((p) => p.status === "paid")) return "complete" as const;
  if (!options.owed && parts.every((p) => p.status === "refused")) return "fail" as const;
  return "wait" as const;
}

/** The refund's status each outcome leads to. */
export const OUTCOME_STATUS = {
  complete: "completed",
  fail: "failed",
  wait: "awaiting_provider",
} as const satisfies Record<ReturnType<typeof refundOutcome>, RefundStatus>;
