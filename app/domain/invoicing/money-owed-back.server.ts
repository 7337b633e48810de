import { and, exists, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, refunds } from "~/db/schema";
import { REFUND_STATUSES_OWED } from "~/domain/refunds/refund-status";

/**
 * A refund of any kind not yet paid back: being asked of a provider, or awaiting its answer or
 * staff (money received after a cancellation, a lay-by's cash still to pay). Its amount is held.
 */
export const refundOwedBack: SQL = inArray(refunds.status, [...REFUND_STATUSES_OWED]);

/**
 * An order the shop owes money back on: the orders list's "Money owed back" filter and the
 * dashboard's count, the same orders `listMoneyOwedBack` names.
 */
export function owesMoneyBack(): SQL {
  return exists(
    db()
      .select({ one: sql`1` })
      .from(refunds)
      .where(and(sql`${refunds.orderId} = ${orders.id}`, refundOwedBack)),
  );
}
