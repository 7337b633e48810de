import { sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { deliveryNotices } from "~/db/schema";

export type DeliveryNoticeKind = Exclude<(typeof deliveryNotices.$inferSelect)["kind"], "reminder">;

/**
 * Queues the shopper's e-mail about a day booked or moved, or the driver's news (out for
 * delivery, delivered, not delivered), in the change's own transaction, so the e-mail is owed
 * exactly when the change commits. A move back to a day once booked queues
 * that day's e-mail again. Answers the notice's id, for `sendDeliveryNotice` after the commit.
 */
export async function queueDeliveryNotice(
  tx: Tx,
  notice: { orderId: number; kind: DeliveryNoticeKind; day: string; fromDay?: string },
): Promise<number> {
  const [row] = await tx
    .insert(deliveryNotices)
    .values({
      orderId: notice.orderId,
      kind: notice.kind,
      day: notice.day,
      fromDay: notice.fromDay ?? null,
    })
    .onConflictDoUpdate({
      target: [deliveryNotices.orderId, deliveryNotices.kind, deliveryNotices.day],
      set: { fromDay: notice.fromDay ?? null, createdAt: sql`now()`, sentAt: null },
    })
    .returning({ id: deliveryNotices.id });
  return row!.id;
}
