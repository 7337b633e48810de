import { and, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { purchaseOrderLines, purchaseOrders, suppliers, users } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import { formatPoNumber, parsePoNumber } from "./po-number";
import type { PURCHASE_ORDER_LIST } from "./purchase-order-list";
import {
  AWAITING_DELIVERY_STATUSES,
  OPEN_PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_STATUS_LABELS,
} from "./purchase-order-status";

export type PurchaseOrderListParams = ListParamsOf<typeof PURCHASE_ORDER_LIST>;

// Written out in full: inside a subquery on the lines a bare "id" would be the line's.
const orderId = sql.raw('"purchase_orders"."id"');
const items = sql<number>`(select count(*)::int from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${orderId})`;
const totalQuantity = sql<number>`(select coalesce(sum(${purchaseOrderLines.quantityOrdered}), 0)::int from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${orderId})`;
const totalCents = sql<number>`(select coalesce(sum(${purchaseOrderLines.quantityOrdered} * ${purchaseOrderLines.unitCostCents}), 0)::bigint from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${orderId})`;

const SORT_COLUMNS = {
  number: [purchaseOrders.number],
  supplier: [sql`lower(${suppliers.name})`],
  orderDate: [purchaseOrders.orderDate],
  expectedDate: [purchaseOrders.expectedDate],
} as const;

/** The status filter, and a search by PO number ("PO-0012", "12") or supplier name. */
function matching(params: Pick<PurchaseOrderListParams, "q" | "status">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    params.status !== "all" ? eq(purchaseOrders.status, params.status) : undefined,
  ];
  if (params.q) {
    const number = parsePoNumber(params.q);
    const bySupplier = inArray(
      purchaseOrders.supplierId,
      db()
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(ilike(suppliers.name, containsPattern(params.q))),
    );
    conditions.push(
      number === null ? bySupplier : or(eq(purchaseOrders.number, number), bySupplier),
    );
  }
  return and(...conditions);
}

function purchaseOrderRows(params: PurchaseOrderListParams) {
  return sortedWindows(
    () =>
      db()
        .select({
          id: purchaseOrders.id,
          number: purchaseOrders.number,
          supplier: suppliers.name,
          orderDate: purchaseOrders.orderDate,
          expectedDate: purchaseOrders.expectedDate,
          status: purchaseOrders.status,
          createdBy: users.name,
          items,
          totalQuantity,
          totalCents,
        })
        .from(purchaseOrders)
        .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
        .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
        .where(matching(params))
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], purchaseOrders.id, params.direction),
  );
}

/** The cards: open orders, awaiting approval, awaiting delivery and what is still to come, at cost. */
async function summarizePurchaseOrders() {
  const [counts] = await db()
    .select({
      open: sql<number>`(count(*) filter (where ${inArray(purchaseOrders.status, [...OPEN_PURCHASE_ORDER_STATUSES])}))::int`,
      pending: sql<number>`(count(*) filter (where ${purchaseOrders.status} = 'pending'))::int`,
      awaitingDelivery: sql<number>`(count(*) filter (where ${inArray(purchaseOrders.status, [...AWAITING_DELIVERY_STATUSES])}))::int`,
    })
    .from(purchaseOrders);
  const [value] = await db()
    .select({
      cents: sql<string>`coalesce(sum((${purchaseOrderLines.quantityOrdered} - ${purchaseOrderLines.quantityReceived}) * ${purchaseOrderLines.unitCostCents}::bigint), 0)`,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
    .where(inArray(purchaseOrders.status, [...AWAITING_DELIVERY_STATUSES]));
  return {
    open: counts?.open ?? 0,
    pending: counts?.pending ?? 0,
    awaitingDelivery: counts?.awaitingDelivery ?? 0,
    valueOnOrderCents: Number(value?.cents ?? 0),
  };
}

/** The purchase orders page: its cards, and one page of the list for its search and filter. */
export async function listPurchaseOrders(options: { params: PurchaseOrderListParams }) {
  const { params } = options;
  const [summary, page] = await Promise.all([
    summarizePurchaseOrders(),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(purchaseOrders, matching(params)),
      rows: purchaseOrderRows(params),
    }),
  ]);
  return {
    summary,
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      poNumber: formatPoNumber(r.number),
      totalCents: Number(r.totalCents),
    })),
  };
}

export const PURCHASE_ORDER_EXPORT_HEADER = [
  "PO Number",
  "Supplier",
  "Order Date",
  "Expected Date",
  "Items",
  "Total Quantity",
  "Total (ZAR)",
  "Status",
  "Created By",
] as const;

/** Every purchase order the list's search and filter show, in its order, as CSV cells. */
export async function* exportPurchaseOrders(options: { params: PurchaseOrderListParams }) {
  for await (const o of everyRow(purchaseOrderRows(options.params))) {
    yield [
      formatPoNumber(o.number),
      o.supplier,
      o.orderDate,
      o.expectedDate ?? "",
      o.items,
      o.totalQuantity,
      randAmount(Number(o.totalCents)),
      PURCHASE_ORDER_STATUS_LABELS[o.status],
      o.createdBy ?? "",
    ] as const;
  }
}
