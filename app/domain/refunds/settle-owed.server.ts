import { asc, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { refundParts, refunds } from "~/db/schema";
import { notFound } from "~/domain/errors";
import { refundOutcome } from "./refund-state";
import { describeParts } from "./refund-words";

export type OwedSettlement = {
  refund: typeof refunds.$inferSelect;
  parts: (typeof refundParts.$inferSelect)[];
  outcome: "complete" | "wait";
  /** Whether this call changed the refund (completed it, or changed why it waits). */
  changed: boolean;
  why: string;
};

/**
 * Settles a refund that is owed whatever a provider says (a lay-by's, or a payment the shop
 * cannot keep: docs/decisions/030) from its parts, in the caller's transaction, which has
 * locked the order first: every part paid completes it; anything else keeps it awaiting, its
 * amount held, with why (a part to pay back by hand, a provider's refusal, an answer not
 * known). Safe to repeat. The area that owns the refund records its ledger rows and timeline.
 */
export async function settleOwedRefund(
  tx: Tx,
  options: { refundId: number; now: Date },
): Promise<OwedSettlement> {
  const [refund] = await tx
    .select()
    .from(refunds)
    .where(eq(refunds.id, options.refundId))
    .for("update");
  if (!refund) throw notFound("This refund does not exist.");
  const parts = await tx
    .select()
    .from(refundParts)
    .where(eq(refundParts.refundId, refund.id))
    .orderBy(asc(refundParts.id));
  if (refund.status === "completed") {
    return { refund, parts, outcome: "complete", changed: false, why: "" };
  }
  const outcome = refundOutcome(parts, { owed: true }) === "complete" ? "complete" : "wait";
  if (outcome === "complete") {
    const reference = parts
      .map((p) => p.reference)
      .filter(Boolean)
      .join(", ");
    const [done] = await tx
      .update(refunds)
      .set({ status: "completed", reference, failure: "", updatedAt: options.now })
      .where(eq(refunds.id, refund.id))
      .returning();
    return { refund: done!, parts, outcome, changed: true, why: "" };
  }
  const why = describeParts(parts, refund.provider, { owed: true });
  const changed = refund.status !== "awaiting_provider" || refund.failure !== why;
  if (changed) {
    await tx
      .update(refunds)
      .set({ status: "awaiting_provider", failure: why, updatedAt: options.now })
      .where(eq(refunds.id, refund.id));
  }
  return { refund: { ...refund, failure: why }, parts, outcome, changed, why };
}
