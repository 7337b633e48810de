import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderEvents, orders } from "~/db/schema";
import { getOrderDetails } from "~/domain/orders/get-order.server";
import { isDbId } from "~/lib/db-ids";
import { notFound } from "~/domain/errors";

/** One order by its number, with lines, payments and its timeline. */
export async function getAdminOrder(number: number) {
  if (!isDbId(number)) throw notFound("This order does not exist.");
  const [row] = await db().select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  const details = row ? await getOrderDetails(row.id) : undefined;
  if (!row || !details) throw notFound("This order does not exist.");
  const events = await db()
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  const { token: _token, idempotencyKey: _key, ...order } = details;
  return { order, events };
}
