import { and, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  countRows,
  everyRow,
  listOrder,
  listPage,
} from "~/db/list-page.server";
import { orders, orderSearchText, storeSettings } from "~/db/schema";
import { owesMoneyBack } from "~/domain/invoicing/money-owed-back.server";
import { ALL_TIME_START, salesTotals } from "~/domain/ledger/ledger-totals.server";
import { DEFAULT_DATE_SETTINGS, isTimeZone, localDateTime } from "~/lib/dates";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import { wantsMoneyOwedBack, type ORDER_LIST } from "./order-list";
import type { OrderStage } from "./order-lifecycle";
import { bookedDay } from "./order-stage.server";
import { orderStageView } from "./order-stage-view";

export type OrderListParams = ListParamsOf<typeof ORDER_LIST>;

const customer = sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`;

const SORT_COLUMNS = {
  date: [orders.createdAt],
  number: [orders.number],
  customer: [sql`lower(${orders.firstName} || ' ' || ${orders.lastName})`],
  total: [orders.totalCents],
} as const;

function matching(params: Pick<OrderListParams, "q" | "status" | "filters">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    params.status !== "all" ? eq(orders.status, params.status) : undefined,
    wantsMoneyOwedBack(params.filters?.refund) ? owesMoneyBack() : undefined,
  ];
  const q = params.q.replace(/^#/, "");
  // Number, name or e-mail, through the trigram index on the same expression.
  if (q) conditions.push(ilike(orderSearchText(orders), containsPattern(q)));
  return and(...conditions);
}

function orderRows(params: OrderListParams) {
  const order = listOrder(SORT_COLUMNS[params.sort], orders.id, params.direction);
  return ({ limit, offset }: { limit: number; offset: number }) => {
    // The page's ids first, from the sort's index alone; then only those rows are read. A deep
    // page (the last of 100,000) would otherwise read every row it skips.
    const pageIds = db()
      .select({ id: orders.id })
      .from(orders)
      .where(matching(params))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return db()
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
        deliveryDay: bookedDay,
      })
      .from(orders)
      .where(inArray(orders.id, pageIds))
      .orderBy(...order);
  };
}

/** Orders by status, read from the (status, total) index alone. */
async function ordersByStatus() {
  const rows = await db()
    .select({
      status: orders.status,
      n: countRows,
    })
    .from(orders)
    .groupBy(orders.status);
  const by = (status: OrderStage) => rows.find((r) => r.status === status);
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    count: (status: OrderStage) => by(status)?.n ?? 0,
    toDeliver: by("to_deliver")?.n ?? 0,
    delivered: by("delivered")?.n ?? 0,
  };
}

/** How many orders the list holds for its search and filters. */
export function countAdminOrders(params: OrderListParams): Promise<number> {
  return countMatching(orders, matching(params));
}

/** The orders page: cards over every order, and one page of the list for its search and filter. */
export async function listAdminOrders(params: OrderListParams) {
  const statuses = ordersByStatus();
  // Awaited below; marked handled now in case the page's query fails first.
  statuses.catch(() => undefined);
  const page = await listPage({
    page: params.page,
    pageSize: params.pageSize,
    // Without a search or the refund filter, the cards' figures already say how many orders
    // the list holds.
    count: async () => {
      if (params.q.replace(/^#/, "") || wantsMoneyOwedBack(params.filters?.refund)) {
        return countAdminOrders(params);
      }
      const s = await statuses;
      return params.status === "all" ? s.total : s.count(params.status);
    },
    rows: orderRows(params),
  });
  const [{ total, toDeliver, delivered }, [sales]] = await Promise.all([
    statuses,
    // Net sales as Dashboard and Reports count them, from the sales ledger.
    salesTotals([{ start: ALL_TIME_START, end: new Date() }]),
  ]);
  const revenueCents = sales!.netCents;
  return { summary: { total, toDeliver, delivered, revenueCents }, ...page };
}

/** The shop's time zone setting, or its default before the settings are saved. */
async function shopTimeZone(): Promise<string> {
  const [row] = await db()
    .select({ timezone: storeSettings.timezone })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return row && isTimeZone(row.timezone) ? row.timezone : DEFAULT_DATE_SETTINGS.timeZone;
}

/** Every order the list's search and filter show, in its order, for the CSV export. */
export async function* exportOrders(params: OrderListParams) {
  const timezone = await shopTimeZone();
  for await (const o of everyRow(orderRows(params))) {
    yield [
      o.number,
      o.customer,
      o.email,
      o.phone,
      // The shop's clock, with its offset, as the orders page shows it.
      localDateTime(o.createdAt, timezone),
      randAmount(o.totalCents),
      orderStageView(o).badge,
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
