import { and, eq, inArray } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { refunds } from "~/db/schema";
import { REFUND_STATUSES_HELD } from "~/domain/refunds/refund-status";

/**
 * What an order's refunds have taken so far, counting those being made at this moment and those
 * whose provider's answer is not known (it may have paid): the money, and how many of each
 * invoice line (by position). Only a refund that paid nothing (failed) takes nothing.
 */
export async function refundedSoFar(orderId: number, tx?: Tx) {
  const rows = await (tx ?? db())
    .select({ amountCents: refunds.amountCents, lines: refunds.lines })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        // A lay-by's refund, or a payment owed back, is not against the invoice.
        eq(refunds.kind, "order"),
        inArray(refunds.status, [...REFUND_STATUSES_HELD]),
      ),
    );
  const credited = new Map<number, number>();
  for (const r of rows) {
    for (const l of r.lines) credited.set(l.position, (credited.get(l.position) ?? 0) + l.quantity);
  }
  return { refundedCents: rows.reduce((sum, r) => sum + r.amountCents, 0), credited };
}
