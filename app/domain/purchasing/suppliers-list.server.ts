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
import { purchaseOrders, suppliers } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { ACTIVE_ORDER_STATUSES, type SUPPLIER_LIST } from "./supplier-list";

export type SupplierListParams = ListParamsOf<typeof SUPPLIER_LIST>;

/**
 * A supplier's purchase orders that are placed and not yet received (ACTIVE_ORDER_STATUSES),
 * read through the (supplier_id, status) index. The outer supplier's id is written out in full:
 * inside a subquery on purchase_orders a bare "id" would be the order's.
 */
const activeOrders = sql<number>`(select count(*)::int from ${purchaseOrders} where ${purchaseOrders.supplierId} = ${sql.raw('"suppliers"."id"')} and ${inArray(purchaseOrders.status, [...ACTIVE_ORDER_STATUSES])})`;

const SORT_COLUMNS = {
  name: [sql`lower(${suppliers.name})`],
  contact: [sql`lower(${suppliers.contactPerson})`],
  email: [suppliers.email],
  phone: [suppliers.phone],
  address: [sql`lower(${suppliers.address})`],
  leadTime: [suppliers.leadTimeDays],
  activeOrders: [activeOrders],
  // Active before inactive when ascending, as the filter lists them.
  status: [sql`(not ${suppliers.active})`, sql`lower(${suppliers.name})`],
} as const;

function matching(params: Pick<SupplierListParams, "q" | "status">): SQL | undefined {
  const pattern = params.q ? containsPattern(params.q) : undefined;
  return and(
    params.status === "all" ? undefined : eq(suppliers.active, params.status === "active"),
    pattern
      ? or(
          ilike(suppliers.name, pattern),
          ilike(suppliers.contactPerson, pattern),
          ilike(suppliers.email, pattern),
        )
      : undefined,
  );
}

function supplierRows(params: SupplierListParams) {
  return sortedWindows(
    () =>
      db()
        .select({
          id: suppliers.id,
          name: suppliers.name,
          contactPerson: suppliers.contactPerson,
          email: suppliers.email,
          phone: suppliers.phone,
          address: suppliers.address,
          leadTimeDays: suppliers.leadTimeDays,
          active: suppliers.active,
          activeOrders,
        })
        .from(suppliers)
        .where(matching(params))
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], suppliers.id, params.direction),
  );
}

/** The suppliers page: its cards over every supplier, and one page of the list. */
export async function listSuppliers(options: { params: SupplierListParams }) {
  const { params } = options;
  const [summary, page] = await Promise.all([
    summarizeSuppliers(),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(suppliers, matching(params)),
      rows: supplierRows(params),
    }),
  ]);
  return { summary, ...page };
}

async function summarizeSuppliers() {
  const [[counts], [orders]] = await Promise.all([
    db()
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where ${suppliers.active}))::int`,
        averageLeadTime: sql<
          number | null
        >`round(avg(${suppliers.leadTimeDays}) filter (where ${suppliers.active}))::int`,
      })
      .from(suppliers),
    db()
      .select({ open: sql<number>`count(*)::int` })
      .from(purchaseOrders)
      .where(inArray(purchaseOrders.status, [...ACTIVE_ORDER_STATUSES])),
  ]);
  return {
    total: counts?.total ?? 0,
    active: counts?.active ?? 0,
    averageLeadTimeDays: counts?.averageLeadTime ?? null,
    activeOrders: orders?.open ?? 0,
  };
}

export const SUPPLIER_EXPORT_HEADER = [
  "Name",
  "Contact Person",
  "Email",
  "Phone",
  "Address",
  "Lead Time (days)",
  "Active Orders",
  "Status",
] as const;

/** Every supplier the list's search and filter show, in its order, as CSV cells. */
export async function* exportSuppliers(options: { params: SupplierListParams }) {
  for await (const s of everyRow(supplierRows(options.params))) {
    yield [
      s.name,
      s.contactPerson,
      s.email,
      s.phone,
      s.address,
      s.leadTimeDays,
      s.activeOrders,
      s.active ? "active" : "inactive",
    ] as const;
  }
}
