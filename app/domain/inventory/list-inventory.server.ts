import { and, asc, desc, eq, gt, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db, preparedQuery, type Db } from "~/db/client.server";
import { countRows, everyRow, listOrder, listPage, sortedWindows } from "~/db/list-page.server";
import {
  catalogVersion,
  products,
  stockLevels,
  stockVersion,
  variants,
  warehouses,
} from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { parseDbId } from "~/lib/db-ids";
import type { ListParamsOf } from "~/lib/list-params";
import type { INVENTORY_LIST } from "./inventory-list";
import {
  availableSql,
  matchingVariants,
  searchCondition,
  STATUS_CONDITIONS,
  statusRankSql,
} from "./inventory-query.server";
import { availableStock, STOCK_STATUS_LABELS, stockStatus } from "./stock-status";

export type InventoryListParams = ListParamsOf<typeof INVENTORY_LIST>;

/** The variant's own columns a row shows and sorts by: from its tables, or from a search's. */
type VariantColumns = { sku: AnyColumn | SQL; title: AnyColumn | SQL; size: AnyColumn | SQL };

const sortColumns = (
  v: VariantColumns,
): Record<InventoryListParams["sort"], (SQL | AnyColumn)[]> => ({
  sku: [v.sku],
  product: [sql`lower(${v.title})`, v.size],
  warehouse: [sql`lower(${warehouses.name})`, v.sku],
  onhand: [stockLevels.onHand],
  reserved: [stockLevels.reserved],
  available: [availableSql],
  threshold: [stockLevels.lowStockThreshold],
  status: [statusRankSql, availableSql],
});

/** The warehouse the list is narrowed to, or null for every warehouse. */
function warehouseFilter(params: InventoryListParams): number | null {
  return parseDbId(params.filters?.warehouse);
}

/** The list's status and warehouse filters, and its search unless `search: false`. */
function matching(params: InventoryListParams, options = { search: true }): SQL | undefined {
  const warehouseId = warehouseFilter(params);
  return and(
    warehouseId === null ? undefined : eq(stockLevels.warehouseId, warehouseId),
    params.status === "all" ? undefined : STATUS_CONDITIONS[params.status],
    params.q && options.search ? searchCondition(params.q) : undefined,
  );
}

/** Levels of active warehouses only: a deactivated warehouse holds no stock. */
const activeWarehouse = and(
  eq(warehouses.id, stockLevels.warehouseId),
  eq(warehouses.active, true),
);

/** Sorts by the level's own figures: a page's keys can be read from the levels alone. */
const LEVEL_SORTS = new Set<InventoryListParams["sort"]>([
  "onhand",
  "reserved",
  "available",
  "threshold",
  "status",
]);

function inventoryRows(params: InventoryListParams) {
  // Every sort ends with the level's key (variant, warehouse), so pages keep one order.
  const order = (variant: VariantColumns) =>
    listOrder(
      [...sortColumns(variant)[params.sort], stockLevels.variantId],
      stockLevels.warehouseId,
      params.direction,
    );
  const byTables = order({ sku: variants.sku, title: products.title, size: variants.size });
  const levelColumns = {
    variantId: stockLevels.variantId,
    warehouseId: stockLevels.warehouseId,
    warehouse: warehouses.name,
    onHand: stockLevels.onHand,
    reserved: stockLevels.reserved,
    lowStockThreshold: stockLevels.lowStockThreshold,
  };
  const levelRows = () =>
    db()
      .select({ ...levelColumns, sku: variants.sku, title: products.title, size: variants.size })
      .from(stockLevels)
      .innerJoin(warehouses, activeWarehouse)
      .innerJoin(variants, eq(variants.id, stockLevels.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .$dynamic();
  let windows: (window: { limit: number; offset: number }) => Promise<LevelRow[]>;
  if (LEVEL_SORTS.has(params.sort)) {
    // The page's keys first, sorted over the levels alone; then only those rows are joined
    // to their variant and product (not all 40,000 before the sort).
    windows = ({ limit, offset }) => {
      const pageKeys = db()
        .select({ variantId: stockLevels.variantId, warehouseId: stockLevels.warehouseId })
        .from(stockLevels)
        .innerJoin(warehouses, activeWarehouse)
        .where(matching(params))
        .orderBy(...byTables)
        .limit(limit)
        .offset(offset);
      return levelRows()
        .where(sql`(${stockLevels.variantId}, ${stockLevels.warehouseId}) in (${pageKeys})`)
        .orderBy(...byTables);
    };
  } else if (params.q) {
    // A search sorted by the variant's columns: the variants found, with those columns, are
    // worked out once and their levels joined to them, instead of looking up the variant and
    // product of each level found ("king": 1,034 variants, 2,068 levels; 22 -> 13 ms median).
    // Each row also says how many levels matched: counted over the rows the sort reads anyway,
    // instead of finding the variants again in a query of its own.
    const found = db().$with("found").as(matchingVariants(params.q));
    const byFound = order(found);
    windows = ({ limit, offset }) =>
      db()
        .with(found)
        .select({
          ...levelColumns,
          sku: found.sku,
          title: found.title,
          size: found.size,
          matching: sql<number>`(count(*) over ())::int`,
        })
        .from(stockLevels)
        .innerJoin(found, eq(found.id, stockLevels.variantId))
        .innerJoin(warehouses, activeWarehouse)
        .where(
          and(
            matching(params, { search: false }),
            sql`${stockLevels.variantId} = any(array(select ${found.id} from ${found}))`,
          ),
        )
        .orderBy(...byFound)
        .limit(limit)
        .offset(offset);
  } else {
    windows = sortedWindows(() => levelRows().where(matching(params)), byTables);
  }
  return async (window: { limit: number; offset: number }) =>
    (await windows(window)).map((row) => ({
      ...row,
      sizeLabel: SIZE_LABELS[row.size],
      available: availableStock(row),
      status: stockStatus(row),
    }));
}

type LevelRow = Pick<typeof stockLevels.$inferSelect, "variantId" | "warehouseId" | "onHand"> &
  Pick<typeof stockLevels.$inferSelect, "reserved" | "lowStockThreshold"> &
  Pick<typeof variants.$inferSelect, "sku" | "size"> & {
    warehouse: string;
    title: string;
    /** A search's rows: how many levels it matched in all. */
    matching?: number;
  };

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

/**
 * The sums below as last worked out for each database, under the stock and catalogue versions
 * read just before: while neither number has moved, no level, warehouse or cost has changed
 * since, so they are still exact (each server process keeps its own). By database, as every
 * cache here is: another database's versions say nothing of this one's (a restore, a test).
 */
const keptSums = new WeakMap<Db, { key: string; sums: Promise<WarehouseStock[]> }>();

const versionsQuery = preparedQuery((db) =>
  db
    .select({ stock: stockVersion.version, catalog: catalogVersion.version })
    .from(stockVersion)
    .innerJoin(catalogVersion, eq(catalogVersion.id, 1))
    .where(eq(stockVersion.id, 1))
    .prepare("inventory_versions"),
);

/**
 * The per-warehouse sums, worked out again only when stock, warehouses or the catalogue (costs)
 * changed: adding up every level takes tens of milliseconds at 50,000 levels, reading the two
 * version numbers well under one.
 */
async function stockByWarehouse(): Promise<WarehouseStock[]> {
  const [versions] = await versionsQuery().execute();
  const key = `${versions?.stock ?? 0}:${versions?.catalog ?? 0}`;
  const database = db();
  const kept = keptSums.get(database);
  if (kept?.key === key) return kept.sums;
  const sums = sumStockByWarehouse();
  keptSums.set(database, { key, sums });
  sums.catch(() => {
    if (keptSums.get(database)?.sums === sums) keptSums.delete(database);
  });
  return sums;
}

/**
 * Every level of the active warehouses, summed per warehouse: the page's cards, and the list's
 * count whenever there is no search. Two queries, run side by side on their own connections:
 * the counts read the levels alone, the value at cost (a variant without a cost counts as R0)
 * joins the variants of the levels that hold stock.
 */
async function sumStockByWarehouse() {
  const [counts, values] = await Promise.all([
    db()
      .select({
        warehouseId: stockLevels.warehouseId,
        levels: countRows,
        out: countWhere(STATUS_CONDITIONS.out_of_stock),
        low: countWhere(STATUS_CONDITIONS.low_stock),
        units: sql<string>`coalesce(sum(${stockLevels.onHand}), 0)::bigint`,
      })
      .from(stockLevels)
      .innerJoin(warehouses, activeWarehouse)
      .groupBy(stockLevels.warehouseId),
    db()
      .select({
        warehouseId: stockLevels.warehouseId,
        valueCents: sql<string>`coalesce(sum(${stockLevels.onHand}::bigint * ${variants.costCents}), 0)::bigint`,
        uncosted: countWhere(sql`${variants.costCents} is null`),
      })
      .from(stockLevels)
      .innerJoin(variants, eq(variants.id, stockLevels.variantId))
      .where(gt(stockLevels.onHand, 0))
      .groupBy(stockLevels.warehouseId),
  ]);
  return counts.map((c) => {
    const value = values.find((v) => v.warehouseId === c.warehouseId);
    return {
      ...c,
      units: Number(c.units),
      valueCents: Number(value?.valueCents ?? 0),
      uncosted: value?.uncosted ?? 0,
    };
  });
}

type WarehouseStock = Awaited<ReturnType<typeof sumStockByWarehouse>>[number];

/** How many levels the list holds for a status and warehouse, from the per-warehouse sums. */
function countFromSums(sums: WarehouseStock[], params: InventoryListParams): number {
  const warehouseId = warehouseFilter(params);
  const chosen = sums.filter((s) => warehouseId === null || s.warehouseId === warehouseId);
  const count = (pick: (s: WarehouseStock) => number) => chosen.reduce((n, s) => n + pick(s), 0);
  switch (params.status) {
    case "all":
      return count((s) => s.levels);
    case "out_of_stock":
      return count((s) => s.out);
    case "low_stock":
      return count((s) => s.low);
    case "in_stock":
      return count((s) => s.levels - s.out - s.low);
  }
}

/** How many stock levels the list holds for its search and filters, counted in the database. */
export async function countInventoryLevels(params: InventoryListParams): Promise<number> {
  const [row] = await db()
    .select({ n: countRows })
    .from(stockLevels)
    .innerJoin(warehouses, activeWarehouse)
    .where(matching(params));
  return row?.n ?? 0;
}

/** The inventory page: cards over all stock, one page of levels for its search and filters. */
export async function listInventory(options: { params: InventoryListParams }) {
  const { params } = options;
  const sums = stockByWarehouse();
  // Awaited below; marked handled now in case the page's query fails first.
  sums.catch(() => undefined);
  const rows = inventoryRows(params);
  // A search's page says how many levels matched (when it has rows): no second query for that.
  const asked = { limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
  const searched = params.q ? rows(asked) : undefined;
  searched?.catch(() => undefined);
  const { rows: pageRows, ...page } = await listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: async () => {
      if (!searched) return countFromSums(await sums, params);
      return (await searched)[0]?.matching ?? countInventoryLevels(params);
    },
    rows: (window) => (searched && window.offset === asked.offset ? searched : rows(window)),
  });
  const all = await sums;
  const total = (pick: (s: WarehouseStock) => number) => all.reduce((n, s) => n + pick(s), 0);
  return {
    summary: {
      units: total((s) => s.units),
      lowStock: total((s) => s.low),
      outOfStock: total((s) => s.out),
      valueCents: total((s) => s.valueCents),
      /** Levels with stock whose variant has no cost (counted as R0 in the value). */
      uncosted: total((s) => s.uncosted),
    },
    ...page,
    rows: pageRows.map(({ matching: _matching, ...row }) => row),
  };
}

/**
 * The active warehouses, the default first, then by name: the list's filter and the Adjust
 * Stock dialog's choices.
 */
export async function listActiveWarehouses() {
  return db()
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.name), asc(warehouses.id));
}

export const INVENTORY_EXPORT_HEADER = [
  "SKU",
  "Product Name",
  "Size",
  "Warehouse",
  "On Hand",
  "Reserved",
  "Available",
  "Threshold",
  "Status",
] as const;

/** Every level the list's search and filters show, in its order, for the CSV export. */
export async function* exportInventory(options: { params: InventoryListParams }) {
  for await (const row of everyRow(inventoryRows(options.params))) {
    yield [
      row.sku,
      row.title,
      row.sizeLabel,
      row.warehouse,
      row.onHand,
      row.reserved,
      row.available,
      row.lowStockThreshold,
      STOCK_STATUS_LABELS[row.status],
    ] as const;
  }
}
