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

/**
 * Money received into a lay-by at the showroom, one row per payment received (any amount; an
 * online one is its payment's row). Until migration 0042 a row named the instalment it paid;
 * that migration moved those rows onto the payments received it made of them.
 */
export function showroomPaymentEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'showroom_payment', lp.id, lp.received_at, pl.order_id, null::int, lp.plan_id, lp.amount_cents, 0
    from layby_payments lp join layby_plans pl on pl.id = lp.plan_id
    where lp.payment_id is null and ${filter}
    order by lp.id ${noConflict}`;
}

/**
 * A hand-made invoice marked paid, by the reference the bank shows: what the buyer paid, its
 * total less the credit notes issued while it was unpaid (those only reduced what was owed: the
 * notes that do not pay money back). None when those notes credited it in full. A note issued
 * after payment leaves this row as it is: its money going back is a row of its own
 * (`invoicePaidBackEntries`). Migration 0028 recorded the full total; 0034 corrects those rows.
 */
export function invoicePaymentEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'invoice_payment', i.id, i.paid_at, null::int, i.id, null::int, i.total_cents - cr.cents, 0
    from invoices i cross join lateral (
    select coalesce(sum(c.total_cents), 0) as cents from credit_notes c
    where c.invoice_id = i.id and not c.pay_back_due
    ) cr
    where i.order_id is null and i.status = 'paid' and i.paid_at is not null
    and i.total_cents > cr.cents and ${filter}
    order by i.id ${noConflict}`;
}

/**
 * A refund paid out (through the provider or by EFT), once completed: an order's, or a payment's
 * the shop could not keep. A lay-by's is recorded part by part (below), never by this one.
 */
export function refundPaidEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'refund_paid', r.id, r.updated_at, r.order_id, r.invoice_id, null::int, -r.amount_cents, 0
    from refunds r where r.status = 'completed' and r.kind <> 'layby' and ${filter}
    order by r.id ${noConflict}`;
}

/**
 * A part of a lay-by's refund paid out (through the provider, or by hand at the showroom), as
 * each is paid: the refund's parts are paid at different times. The interest the shop adds when
 * it cannot supply the goods is its own kind: money the shop pays, not the buyer's money back.
 */
export function laybyRefundPaidEntries(filter: SQL): SQL {
  return sql`${cols}
    select (case when rp.interest then 'interest_paid' else 'layby_refund_paid' end)::ledger_kind,
           rp.id, rp.updated_at, r.order_id, null::int, r.plan_id, -rp.amount_cents, 0
    from refund_parts rp join refunds r on r.id = rp.refund_id
    where r.kind = 'layby' and rp.status = 'paid' and ${filter}
    order by rp.id ${noConflict}`;
}

/**
 * Money paid back by hand on a credited hand-made invoice that was paid (EFT, cash, or a card
 * refund at the till), when staff record it: its credit note's total, on the day it went.
 */
export function invoicePaidBackEntries(filter: SQL): SQL {
  return sql`${cols}
    select 'invoice_paid_back', cn.id, cn.paid_back_at, null::int, cn.invoice_id, null::int, -cn.total_cents, 0
    from credit_notes cn join invoices i on i.id = cn.invoice_id
    where i.order_id is null and cn.pay_back_due and cn.paid_back_at is not null and ${filter}
    order by cn.id ${noConflict}`;
}
