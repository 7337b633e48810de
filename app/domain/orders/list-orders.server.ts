import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern, countRows, everyRow, listOrder, listPage } from "~/db/list-page.server";
import { orders } from "~/db/schema";
import type { ListParams } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import type { ORDER_LIST } from "./order-list";

export type OrderListParams = ListParams<
  (typeof ORDER_LIST.sorts)[number],
  (typeof ORDER_LIST.statuses)[number]
>;

const customer = sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`;

const SORT_COLUMNS = {
  date: [orders.createdAt],
  number: [orders.number],
  customer: [sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`],
  total: [orders.totalCents],
} as const;

function matching(params: Pick<OrderListParams, "q" | "status">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    params.status !== "all" ? eq(orders.status, params.status) : undefined,
  ];
  const q = params.q.replace(/^#/, "");
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(sql`${orders.number}::text`, pattern),
        ilike(sql`${orders.firstName} || ' ' || ${orders.lastName}`, pattern),
        ilike(orders.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

function orderRows(params: OrderListParams) {
  return ({ limit, offset }: { limit: number; offset: number }) =>
    db()
      .select({
        id: orders.id,
        number: orders.number,
        customer,
        email: orders.email,
        phone: orders.phone,
        createdAt: orders.createdAt,
        totalCents: orders.totalCents,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(matching(params))
      .orderBy(...listOrder(SORT_COLUMNS[params.sort], orders.id, params.direction))
      .limit(limit)
      .offset(offset);
}

/** The orders page: cards over every order, and one page of the list for its search and filter. */
export async function listAdminOrders(params: OrderListParams) {
  const [summary, page] = await Promise.all([
    db()
      .select({
        total: countRows,
        pending: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
        completed: sql<number>`(count(*) filter (where ${orders.status} = 'completed'))::int`,
        revenueCents: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
      })
      .from(orders)
      .then(([row]) => row!),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () =>
        db()
          .select({ n: countRows })
          .from(orders)
          .where(matching(params))
          .then(([row]) => row?.n ?? 0),
      rows: orderRows(params),
    }),
  ]);
  return { summary: { ...summary, revenueCents: Number(summary.revenueCents) }, ...page };
}

/** Every order the list's search and filter show, in its order, for the CSV export. */
export async function* exportOrders(params: OrderListParams) {
  for await (const o of everyRow(orderRows(params))) {
    yield [
      o.number,
      o.customer,
      o.email,
      o.phone,
      o.createdAt,
      randAmount(o.totalCents),
      o.status,
      o.paymentStatus,
    ] as const;
  }
}

export const ORDER_EXPORT_HEADER = [
  "Order Number",
  "Customer",
  "Email",
  "Phone",
  "Date",
  "Total (ZAR)",
  "Status",
  "Payment",
] as const;
