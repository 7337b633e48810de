import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";
import { paidIn, rowsOf, type Window } from "./sales-figures.server";

export type ProductRow = {
  key: string;
  title: string;
  units: number;
  revenueCents: number;
};

export type ProductFigures = {
  byRevenue: ProductRow[];
  byUnits: ProductRow[];
  unitsSold: number;
  /** Sales of lines whose variant has a cost price, VAT excluded, and what they cost. */
  costedRevenueExVatCents: number;
  costCents: number;
  /** Units sold of variants without a cost price (left out of the margin). */
  uncostedUnits: number;
};

const TOP = 5;

/**
 * Products sold in the window: the top five by revenue and by units, and the gross margin of
 * the lines whose variant has a cost price (line totals less VAT, less units times today's cost
 * price; an order's discount is not spread over its lines). One pass over the window's lines.
 */
export async function productFigures(w: Window): Promise<ProductFigures> {
  const exVat = sql.raw(`100.0 / ${100 + VAT_RATE_PERCENT}`);
  const rows = await db()
    .execute(
      sql`with lines as (
            select coalesce(l.product_id::text, 't:' || l.title) as key, l.title, l.quantity,
                   l.line_total_cents, v.cost_cents
            from orders o
            join order_lines l on l.order_id = o.id
            left join variants v on v.id = l.variant_id
            where ${paidIn(w)}
          ), per_product as (
            select key, min(title) as title, sum(quantity)::bigint as units,
                   sum(line_total_cents)::bigint as revenue
            from lines group by key
          )
          (select 'revenue' as list, key, title, units, revenue, 0::float8 as costed, 0::bigint as cost,
                  0::bigint as uncosted
             from per_product order by revenue desc, key limit ${TOP})
          union all
          (select 'units', key, title, units, revenue, 0, 0, 0
             from per_product order by units desc, key limit ${TOP})
          union all
          (select 'total', '', '', coalesce(sum(quantity), 0)::bigint, 0,
                  coalesce(sum(line_total_cents * ${exVat}) filter (where cost_cents is not null), 0)::float8,
                  coalesce(sum(quantity * cost_cents::bigint), 0)::bigint,
                  coalesce(sum(quantity) filter (where cost_cents is null), 0)::bigint
             from lines)`,
    )
    .then(rowsOf<Record<string, unknown>>);
  const of = (list: string) =>
    rows
      .filter((r) => r.list === list)
      .map((r) => ({
        key: String(r.key),
        title: String(r.title),
        units: Number(r.units),
        revenueCents: Number(r.revenue),
      }));
  const total = rows.find((r) => r.list === "total")!;
  return {
    byRevenue: of("revenue"),
    byUnits: of("units"),
    unitsSold: Number(total.units),
    costedRevenueExVatCents: Math.round(Number(total.costed)),
    costCents: Number(total.cost),
    uncostedUnits: Number(total.uncosted),
  };
}

export type InventoryFigures = {
  valueCents: number;
  unitsOnHand: number;
  unitsAvailable: number;
  lowStock: number;
  outOfStock: number;
  /** Levels holding stock whose variant has no cost price (counted as R0). */
  uncosted: number;
};

/**
 * Stock now, over the active warehouses, by the inventory page's rules: value at cost, and the
 * variant-and-warehouse levels that are low (available at or below their threshold) or out.
 */
export async function inventoryFigures(): Promise<InventoryFigures> {
  const [row] = await db()
    .execute(
      sql`select coalesce(sum(s.on_hand::bigint * coalesce(v.cost_cents, 0)), 0)::bigint as value,
                 coalesce(sum(s.on_hand), 0)::bigint as on_hand,
                 coalesce(sum(s.on_hand - s.reserved), 0)::bigint as available,
                 (count(*) filter (where s.on_hand - s.reserved > 0
                                     and s.on_hand - s.reserved <= s.low_stock_threshold))::int as low,
                 (count(*) filter (where s.on_hand - s.reserved <= 0))::int as out,
                 (count(*) filter (where s.on_hand > 0 and v.cost_cents is null))::int as uncosted
          from stock_levels s
          join warehouses w on w.id = s.warehouse_id and w.active
          join variants v on v.id = s.variant_id`,
    )
    .then(rowsOf<Record<string, unknown>>);
  return {
    valueCents: Number(row!.value),
    unitsOnHand: Number(row!.on_hand),
    unitsAvailable: Number(row!.available),
    lowStock: Number(row!.low),
    outOfStock: Number(row!.out),
    uncosted: Number(row!.uncosted),
  };
}
