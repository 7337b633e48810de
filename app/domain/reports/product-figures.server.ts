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

/** What a product's lines are called when the product has since been deleted. */
export const DELETED_PRODUCTS = "Products since deleted";

/**
 * Products sold in the window: the top five by revenue and by units, and the gross margin of
 * the lines whose variant has a cost price (line totals less VAT, less units times today's cost
 * price; an order's discount is not spread over its lines). One pass over the window's lines,
 * grouped by product id; only the top rows are looked up for their titles.
 */
export async function productFigures(w: Window): Promise<ProductFigures> {
  const exVat = sql.raw(`100.0 / ${100 + VAT_RATE_PERCENT}`);
  const rows = await db()
    .execute(
      sql`with per_product as materialized (
            select l.product_id, sum(l.quantity)::bigint as units,
                   sum(l.line_total_cents)::bigint as revenue,
                   coalesce(sum(l.line_total_cents) filter (where v.cost_cents is not null), 0)::bigint as costed,
                   coalesce(sum(l.quantity * v.cost_cents::bigint), 0)::bigint as cost,
                   coalesce(sum(l.quantity) filter (where v.cost_cents is null), 0)::bigint as uncosted
            from orders o
            join order_lines l on l.order_id = o.id
            left join variants v on v.id = l.variant_id
            where ${paidIn(w)}
            group by l.product_id
          ), top as (
            (select 'revenue' as list, product_id, units, revenue from per_product
              order by revenue desc, product_id nulls last limit ${TOP})
            union all
            (select 'units', product_id, units, revenue from per_product
              order by units desc, product_id nulls last limit ${TOP})
          )
          select t.list, coalesce(t.product_id::text, '') as key,
                 coalesce(p.title, ${DELETED_PRODUCTS}) as title, t.units, t.revenue,
                 0::float8 as costed, 0::bigint as cost, 0::bigint as uncosted
          from top t left join products p on p.id = t.product_id
          union all
          select 'total', '', '', coalesce(sum(units), 0)::bigint, 0,
                 coalesce(sum(costed) * ${exVat}, 0)::float8, coalesce(sum(cost), 0)::bigint,
                 coalesce(sum(uncosted), 0)::bigint
          from per_product`,
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
      }))
      .sort((a, b) => (list === "revenue" ? b.revenueCents - a.revenueCents : b.units - a.units));
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
