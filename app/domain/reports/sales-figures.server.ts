import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import type { ReportPeriod } from "./report-period";

/*
 * The Sales and Customers cards and the revenue chart, each one SQL aggregate. A sale is an
 * order that was paid (paid_at set; a later refund is shown as a refund, not by undoing the
 * sale), counted on the moment it was paid; refunds are the completed ones, on the day made.
 */

export type Window = { start: Date; end: Date };

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
const sum = (column: SQL, where: SQL) =>
  sql<number>`coalesce(sum(${column}) filter (where ${where}), 0)::bigint`.mapWith(Number);

export function paidIn(w: Window, alias = "o"): SQL {
  const a = sql.raw(alias);
  return sql`${a}.paid_at >= ${at(w.start)} and ${a}.paid_at < ${at(w.end)}`;
}

/** Both windows of a period: the figures and those of the previous period. */
function windows(p: ReportPeriod): [Window, Window] {
  return [
    { start: p.start, end: p.end },
    { start: p.previousStart, end: p.previousEnd },
  ];
}

export type SalesFigures = {
  orders: number;
  revenueCents: number;
  vatCents: number;
  refunds: number;
  refundedCents: number;
};

/** Revenue (VAT included; the VAT in it), paid orders and refunds, now and the period before. */
export async function salesFigures(p: ReportPeriod): Promise<[SalesFigures, SalesFigures]> {
  const [now, before] = windows(p);
  const [[o], [r]] = await Promise.all([
    db()
      .execute<Record<string, unknown>>(
        sql`
      select ${count(paidIn(now))} as n0, ${sum(sql`o.total_cents`, paidIn(now))} as t0,
             ${sum(sql`o.vat_cents`, paidIn(now))} as v0,
             ${count(paidIn(before))} as n1, ${sum(sql`o.total_cents`, paidIn(before))} as t1,
             ${sum(sql`o.vat_cents`, paidIn(before))} as v1
      from orders o
      where o.paid_at >= ${at(minStart(now, before))} and o.paid_at < ${at(maxEnd(now, before))}`,
      )
      .then(rowsOf<Record<string, unknown>>),
    db()
      .execute<Record<string, unknown>>(
        sql`
      select ${count(refundIn(now))} as n0, ${sum(sql`r.amount_cents`, refundIn(now))} as t0,
             ${count(refundIn(before))} as n1, ${sum(sql`r.amount_cents`, refundIn(before))} as t1
      from refunds r
      where r.status = 'completed'
        and r.created_at >= ${at(minStart(now, before))} and r.created_at < ${at(maxEnd(now, before))}`,
      )
      .then(rowsOf<Record<string, unknown>>),
  ]);
  const figures = (i: 0 | 1): SalesFigures => ({
    orders: Number(o![`n${i}`]),
    revenueCents: Number(o![`t${i}`]),
    vatCents: Number(o![`v${i}`]),
    refunds: Number(r![`n${i}`]),
    refundedCents: Number(r![`t${i}`]),
  });
  return [figures(0), figures(1)];
}

function refundIn(w: Window): SQL {
  return sql`r.created_at >= ${at(w.start)} and r.created_at < ${at(w.end)}`;
}

const minStart = (a: Window, b: Window) => (a.start < b.start ? a.start : b.start);
const maxEnd = (a: Window, b: Window) => (a.end > b.end ? a.end : b.end);

/** Rows of `db().execute`, which answers an array on PostgreSQL and `{ rows }` on PGlite. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
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
 * Revenue (VAT included) and paid orders per day or month of the period, as the shop's clock
 * reads them; days without a sale are absent (the page fills them in).
 */
export async function revenueByBucket(p: ReportPeriod) {
  const unit = p.bucket === "day" ? sql.raw("'day'") : sql.raw("'month'");
  const rows = await db()
    .execute(
      sql`select to_char(date_trunc(${unit}, o.paid_at at time zone ${p.timeZone}), 'YYYY-MM-DD') as bucket,
                 count(*)::int as orders, sum(o.total_cents)::bigint as revenue
          from orders o where ${paidIn(p)}
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
