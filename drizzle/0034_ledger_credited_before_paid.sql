-- hand-written
-- A hand-made invoice credited while unpaid and then paid brought in its total less those credits, but 0028 and the writes before this release recorded its payment at the full total. Its row goes, and the live statement (invoicePaymentEntries in app/domain/ledger/cash-statements.ts) records it again: what the buyer paid, or nothing when it was credited in full.
delete from sales_ledger e
  where e.kind = 'invoice_payment'
  and exists (select 1 from credit_notes c where c.invoice_id = e.source_id and not c.pay_back_due);--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'invoice_payment', i.id, i.paid_at, null::int, i.id, null::int, i.total_cents - cr.cents, 0
  from invoices i cross join lateral (
  select coalesce(sum(c.total_cents), 0) as cents from credit_notes c
  where c.invoice_id = i.id and not c.pay_back_due
  ) cr
  where i.order_id is null and i.status = 'paid' and i.paid_at is not null
  and i.total_cents > cr.cents and true
  order by i.id on conflict (kind, source_id) do nothing;
