import { desc, eq, ilike, or, sql, type SQL, and } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";

/** The orders page: cards over every order, and the list for a status filter and a search. */
export async function listAdminOrders(options: { status?: string; q?: string } = {}) {
  const [summary] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
      completed: sql<number>`(count(*) filter (where ${orders.status} = 'completed'))::int`,
      revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
    })
    .from(orders);

  const status = ORDER_STATUSES.includes(options.status as OrderStatus)
    ? (options.status as OrderStatus)
    : undefined;
  const q = options.q?.trim().slice(0, 100) ?? "";
  const conditions: (SQL | undefined)[] = [status ? eq(orders.status, status) : undefined];
  if (q) {
    const pattern = `%${q.replace(/^#/, "").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(sql`${orders.number}::text`, pattern),
        ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
        ilike(orders.email, pattern),
      ),
    );
  }
  const rows = await db()
    .select({
      id: orders.id,
      number: orders.number,
      customer: sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`,
      email: orders.email,
      phone: orders.phone,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  const s = summary!;
  return {
    status: status ?? "all",
    q,
    summary: { ...s, revenueCents: Number(s.revenueCents) },
    orders: rows,
  };
}
