import { sql, type SQL } from "drizzle-orm";

/*
 * The SQL that writes the cash rows of the ledger: money in (+) and money paid back (-), with
 * the lay-by plan it belongs to, so "money taken" and "money held on lay-by" are sums too. Like
 * the sales statements, each takes a filter: one row live, `true` in the upgrade's backfill.
 */

const cols = sql.raw(
  "insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)",
);
const noConflict = sql.raw("on conflict (kind, source_id) do nothing returning id");

/** An online payment the provider approved (it may since have been paid back: that is a row of its own). */
export function paymentEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'payment_received', p.id, p.updated_at, p.order_id, null::int, n.plan_id, p.amount_cents, 0
    from payments p left join layby_instalments n on n.id = p.instalment_id
    where p.status in ('approved', 'refunded') and ${filter}
    order by p.id ${noConflict}`;
}

/** A lay-by instalment paid at the showroom (an online one is its payment's row). */
export function showroomPaymentEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'showroom_payment', n.id, n.paid_at, lp.order_id, null::int, n.plan_id, n.amount_cents, 0
    from layby_instalments n join layby_plans lp on lp.id = n.plan_id
    where n.paid_at is not null and n.payment_id is null and n.recorded_by is not null and ${filter}
    order by n.id ${noConflict}`;
}

/** A hand-made invoice marked paid, by the reference the bank shows. */
export function invoicePaymentEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'invoice_payment', i.id, i.paid_at, null::int, i.id, null::int, i.total_cents, 0
    from invoices i where i.order_id is null and i.status = 'paid' and i.paid_at is not null and ${filter}
    order by i.id ${noConflict}`;
}

/** An order's refund paid out (through the provider or by EFT), once completed. */
export function refundPaidEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'refund_paid', r.id, r.updated_at, r.order_id, r.invoice_id, null::int, -r.amount_cents, 0
    from refunds r where r.status = 'completed' and ${filter}
    order by r.id ${noConflict}`;
}

/** A cancelled lay-by's refund paid out, through the provider or in cash at the showroom. */
export function laybyRefundPaidEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'layby_refund_paid', r.id, r.updated_at, lp.order_id, null::int, r.plan_id, -r.amount_cents, 0
    from layby_refunds r join layby_plans lp on lp.id = r.plan_id
    where r.status = 'completed' and ${filter}
    order by r.id ${noConflict}`;
}
