import { and, eq, exists, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { refundParts, refunds } from "~/db/schema";
import { askProviders } from "./pay-back.server";
import { markUnansweredParts } from "./refund-writes.server";
import type { SettledRefund } from "./settle-refund.server";

/** Longer than any provider's answer can take (their requests time out within a minute). */
export const UNANSWERED_AFTER_MINUTES = 15;
/** How often a provider is asked again about a refund whose answer is not known. */
export const ASK_AGAIN_AFTER_MINUTES = 5;

/**
 * The job that finishes refunds nobody is finishing: one a stopped process left pending (asked
 * of the provider, answer never kept) has its unasked parts marked unknown, since the provider
 * may have paid; a refund awaiting the provider is asked about again; and each is then settled
 * by `settle` (each kind in its own area), which completes one whose parts were all paid, never
 * marks failed one the provider may have paid, and frees only what a provider definitely
 * refused. Answers how many refunds it settled as completed or failed.
 */
export async function recheckRefundsWith(
  settle: (options: { refundId: number; now: Date }) => Promise<SettledRefund>,
  now = new Date(),
): Promise<number> {
  const unanswered = new Date(now.getTime() - UNANSWERED_AFTER_MINUTES * 60_000);
  const askAgain = new Date(now.getTime() - ASK_AGAIN_AFTER_MINUTES * 60_000);
  const stuck = await db()
    .select({ id: refunds.id, reason: refunds.reason, status: refunds.status })
    .from(refunds)
    .where(
      or(
        and(eq(refunds.status, "pending"), lt(refunds.updatedAt, unanswered)),
        and(
          eq(refunds.status, "awaiting_provider"),
          lt(refunds.updatedAt, askAgain),
          // Only a provider's answer not known is asked again; money staff are to pay back
          // (by hand, or through the provider when they choose) waits for them.
          exists(
            db()
              .select({ id: refundParts.id })
              .from(refundParts)
              .where(and(eq(refundParts.refundId, refunds.id), eq(refundParts.status, "unknown"))),
          ),
        ),
      ),
    );
  let settled = 0;
  for (const refund of stuck) {
    // Claimed by the UPDATE that touches it (so the next run asks again only after
    // ASK_AGAIN_AFTER_MINUTES): two processes never ask the provider about it twice at once.
    const [claimed] = await db()
      .update(refunds)
      .set({ updatedAt: now })
      .where(
        and(
          eq(refunds.id, refund.id),
          eq(refunds.status, refund.status),
          lt(refunds.updatedAt, refund.status === "pending" ? unanswered : askAgain),
        ),
      )
      .returning({ id: refunds.id });
    if (!claimed) continue;
    await markUnansweredParts(db(), {
      refundId: refund.id,
      why: "the shop stopped before the provider answered",
      now,
    });
    await askProviders({
      refundId: refund.id,
      reason: refund.reason,
      statuses: ["unknown"],
      now: () => now,
    });
    const result = await settle({ refundId: refund.id, now });
    if (result.status !== "awaiting") settled += 1;
  }
  return settled;
}
