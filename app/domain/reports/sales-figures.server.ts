import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import {
  cashTotals,
  occurredIn,
  salesTotals,
  SALES,
  type CashTotals,
  type Window,
} from "~/domain/ledger/ledger-totals.server";
import type { ReportPeriod } from "./report-period";

/*
 * The Sales and Customers cards and the revenue chart, each one SQL aggregate. Sales are the
 * sales ledger's (docs/decisions/029): tax invoices issued, less credit notes, plus lay-by
 * charges kept, on the moment each was issued; buyers are counted by their paid orders.
 */

export type { Window };

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export function paidIn(w: Window, alias = "o"): SQL {
  const a = sql.raw(alias);
  return sql`${a}.paid_at >= ${at(w.start)} and ${a}.paid_at < ${at(w.end)}`;
}

export type SalesFigures = {
  /** Tax invoices issued in the period (web orders paid and hand-made invoices sent). */
  orders: number;
  /** Net sales: invoiced, less credit notes, plus charges kept; VAT included, and the VAT. */
  revenueCents: number;
  vatCents: number;
  invoicedCents: number;
  /** Credit notes issued (refunds), their count and total. */
  refunds: number;
  refundedCents: number;
  chargesKeptCents: number;
};

/** Net sales and what makes them up, now and the period before. */
export async function salesFigures(p: ReportPeriod): Promise<[SalesFigures, SalesFigures]> {
  const totals = await salesTotals([
    { start: p.start, end: p.end },
    { start: p.previousStart, end: p.previousEnd },
  ]);
  const [now, before] = totals.map((t) => ({
    orders: t.invoices,
    revenueCents: t.netCents,
    vatCents: t.vatCents,
    invoicedCents: t.invoicedCents,
    refunds: t.creditNotes,
    refundedCents: t.creditedCents,
    chargesKeptCents: t.chargesKeptCents,
  }));
  return [now!, before!];
}

/** Money received and paid back in the period, and held on lay-by now. */
export function cashFigures(p: ReportPeriod): Promise<CashTotals> {
  return cashTotals(p);
}

export type CustomerFigures = {
  /** Paid orders from buyers (by e-mail) with no paid order before, and from returning ones. */
  newOrders: number;
  returningOrders: number;
  buyers: number;
  topTowns: { town: string; orders: number; revenueCents: number }[];
};

/**
 * Orders by new and returning buyers, a buyer being an e-mail as checkout keeps it (in lower
 * case). Each buyer has one first paid order, so the window's orders by new buyers are its
 * buyers with no paid order before the window: one look into the (email, paid_at) index per
 * buyer of the window, so the cost follows the window, not the whole history.
 */
export async function customerFigures(w: Window): Promise<CustomerFigures> {
  const [[counts], towns] = await Promise.all([
    // The planner's estimate for a year of look-ups passes the JIT threshold, and compiling
    // costs more than the query (about 100 ms of 450 under EXPLAIN): off for this one.
    db()
      .transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return tx.execute(
          sql`select count(*)::int as buyers, coalesce(sum(b.orders), 0)::int as orders,
                   (count(*) filter (where not exists (
                      select 1 from orders e where e.email = b.email and e.paid_at < ${at(w.start)}
                   )))::int as new_orders
            from (select o.email, count(*) as orders from orders o where ${paidIn(w)}
                  group by o.email) b`,
        );
      })
      .then(rowsOf<Record<string, number>>),
    db()
      .execute(
        sql`select min(initcap(trim(o.city))) as town, count(*)::int as orders,
                   sum(o.total_cents)::bigint as revenue
            from orders o where ${paidIn(w)}
            group by lower(trim(o.city))
            order by count(*) desc, sum(o.total_cents) desc, lower(trim(o.city))
            limit 5`,
      )
      .then(rowsOf<Record<string, unknown>>),
  ]);
  const newOrders = Number(counts!.new_orders);
  return {
    newOrders,
    returningOrders: Number(counts!.orders) - newOrders,
    buyers: Number(counts!.buyers),
    topTowns: towns.map((t) => ({
      town: String(t.town),
      orders: Number(t.orders),
      revenueCents: Number(t.revenue),
    })),
  };
}

/**
 * Net sales (VAT included) and tax invoices issued per day or month of the period, as the
 * shop's clock reads them; days without a sale are absent (the page fills them in).
 */
export async function revenueByBucket(p: ReportPeriod) {
  const unit = p.bucket === "day" ? sql.raw("'day'") : sql.raw("'month'");
  const rows = await db()
    .execute(
      sql`select to_char(date_trunc(${unit}, e.occurred_at at time zone ${p.timeZone}), 'YYYY-MM-DD') as bucket,
                 (count(*) filter (where e.kind = 'invoice'))::int as orders,
                 sum(e.amount_cents)::bigint as revenue
          from sales_ledger e where e.kind in ${SALES} and ${occurredIn(p)}
          group by 1 order by 1`,
    )
    .then(rowsOf<Record<string, unknown>>);
  return new Map(
    rows.map((r) => [
      String(r.bucket),
      { orders: Number(r.orders), revenueCents: Number(r.revenue) },
    ]),
  );
}
