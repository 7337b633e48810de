/** What became of one part of a refund (refund_parts.status). */
export type RefundPartStatus = "pending" | "paid" | "refused" | "unknown";

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
