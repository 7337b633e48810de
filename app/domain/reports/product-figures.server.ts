import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { occurredIn, type Window } from "~/domain/ledger/ledger-totals.server";

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
  /** Net revenue of every product in the window (delivery and charges are not products). */
  revenueCents: number;
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
 * Products sold in the window, from the sales ledger's lines: the top five by net revenue and
 * by units, and the gross margin of the lines whose size had a cost price (net revenue less its
 * VAT, less the units' cost when sold). Each line's revenue is after its share of the order's
 * discount, and credit notes count against the product they credit, so the lines of every
 * product, delivery and charge add up to net sales. One pass over the window's lines, grouped by
 * product id; only the top rows are looked up for their titles.
 */
export async function productFigures(w: Window): Promise<ProductFigures> {
  const rows = await db()
    .execute(
      sql`with per_product as materialized (
            select l.product_id, sum(l.quantity)::bigint as units,
                   sum(l.amount_cents)::bigint as revenue,
                   coalesce(sum(l.amount_cents - l.vat_cents) filter (where l.cost_cents is not null), 0)::bigint as costed,
                   coalesce(sum(l.cost_cents), 0)::bigint as cost,
                   coalesce(sum(l.quantity) filter (where l.cost_cents is null), 0)::bigint as uncosted
            from sales_ledger_lines l
            where ${occurredIn(w, "l")} and l.product_id is not null
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
                 0::bigint as costed, 0::bigint as cost, 0::bigint as uncosted
          from top t left join products p on p.id = t.product_id
          union all
          select 'total', '', '', coalesce(sum(units), 0)::bigint, coalesce(sum(revenue), 0)::bigint,
                 coalesce(sum(costed), 0)::bigint, coalesce(sum(cost), 0)::bigint,
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
    revenueCents: Number(total.revenue),
    costedRevenueExVatCents: Number(total.costed),
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
