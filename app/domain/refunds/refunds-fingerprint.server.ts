import { asc, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { refundParts, refunds } from "~/db/schema";
import { fingerprintOf } from "~/lib/fingerprint.server";

/** What a refund's confirmation is refused with when the order's refunds moved since its preview. */
export const REFUNDS_CHANGED =
  "This order's refunds changed since you read the preview: nothing was refunded. Read it again.";

/**
 * The order's refunds of every kind and their parts, each with its status, as one fingerprint:
 * a preview carries it and its confirmation posts it back, so a confirmation posted again (a
 * second click, a reload, two tabs) finds a new refund, or one settled since, and is refused.
 * Read with the order's row locked.
 */
export async function refundsFingerprint(tx: Tx, orderId: number) {
  const rows = await tx
    .select({
      id: refunds.id,
      status: refunds.status,
      partId: refundParts.id,
      partStatus: refundParts.status,
    })
    .from(refunds)
    .leftJoin(refundParts, eq(refundParts.refundId, refunds.id))
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id), asc(refundParts.id));
  return fingerprintOf(rows.map((r) => `${r.id}:${r.status}:${r.partId}:${r.partStatus}`));
}
