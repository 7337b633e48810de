CREATE TYPE "public"."ledger_kind" AS ENUM('invoice', 'credit_note', 'charge_kept', 'payment_received', 'showroom_payment', 'invoice_payment', 'refund_paid', 'layby_refund_paid');--> statement-breakpoint
CREATE TABLE "sales_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" "ledger_kind" NOT NULL,
	"source_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"invoice_id" integer,
	"plan_id" integer,
	"amount_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_ledger_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_id" bigint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"position" smallint,
	"product_id" integer,
	"variant_id" integer,
	"sku" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"cost_cents" bigint
);
--> statement-breakpoint
ALTER TABLE "sales_ledger_lines" ADD CONSTRAINT "sales_ledger_lines_entry_id_sales_ledger_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."sales_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_ledger_source_idx" ON "sales_ledger" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_period_idx" ON "sales_ledger" USING btree ("occurred_at","kind","amount_cents","vat_cents");--> statement-breakpoint
CREATE INDEX "sales_ledger_plan_idx" ON "sales_ledger" USING btree ("plan_id") WHERE "sales_ledger"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "sales_ledger_lines_entry_idx" ON "sales_ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "sales_ledger_lines_period_idx" ON "sales_ledger_lines" USING btree ("occurred_at","product_id","quantity","amount_cents","vat_cents","cost_cents");--> statement-breakpoint
-- hand-written
-- The history so far, recorded by the same statements as new events (app/domain/ledger/*-statements.ts), in an order where a credit note finds its invoice's lines.
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, amount_cents, vat_cents)
  select 'invoice', i.id, case when i.order_id is not null then i.created_at
  when (i.sent_at at time zone 'Africa/Johannesburg')::date = i.issue_date then i.sent_at
  else (i.issue_date + time '12:00') at time zone 'Africa/Johannesburg' end, i.order_id, i.id, i.total_cents, i.vat_cents
  from invoices i where i.status in ('sent', 'paid') and true
  order by i.id
  on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger_lines (entry_id, occurred_at, position, product_id, variant_id, sku, description, quantity, amount_cents, vat_cents, cost_cents)
  with e as (
  select e.id, e.occurred_at, e.invoice_id, e.vat_cents from sales_ledger e
  where e.kind = 'invoice' and true
  ), l as (
  select e.id as entry_id, il.id as ord, il.position, il.sku, il.description, il.variant_id,
  il.quantity, il.line_total_cents, il.line_total_cents > 0 and il.sku <> '' as goods
  from e join invoice_lines il on il.invoice_id = e.invoice_id
  ), d as (
  select entry_id, -coalesce(sum(line_total_cents) filter (where line_total_cents < 0), 0) as discount,
  bool_or(goods) as has_goods
  from l group by entry_id
  ), kept as (
  select l.*, (l.goods or not d.has_goods) as grp,
  case when l.goods or not d.has_goods then d.discount else 0 end as t, l.line_total_cents as w
  from l join d using (entry_id) where l.line_total_cents >= 0
  ), disc_w as (
  select s.*, sum(s.w) over g as ww,
  row_number() over (partition by s.entry_id, s.grp order by s.position desc nulls first, s.ord desc) as rn
  from kept s window g as (partition by s.entry_id, s.grp)
  ), disc_f as (
  select s.*, case when s.ww = 0 then 0 else floor(s.t::numeric * s.w / s.ww)::bigint end as fs
  from disc_w s
  ), disc as (
  select s.*, case when s.rn = 1 then s.t - (sum(s.fs) over (partition by s.entry_id, s.grp) - s.fs)
  else s.fs end as share
  from disc_f s
  ), net as (
  select s.entry_id, s.ord, s.position, s.sku, s.description, s.variant_id, s.quantity,
  s.line_total_cents - s.share as amount, true as grp, e.vat_cents as t,
  s.line_total_cents - s.share as w
  from disc s join e on e.id = s.entry_id
  ), vat_w as (
  select s.*, sum(s.w) over g as ww,
  row_number() over (partition by s.entry_id, s.grp order by s.position desc nulls first, s.ord desc) as rn
  from net s window g as (partition by s.entry_id, s.grp)
  ), vat_f as (
  select s.*, case when s.ww = 0 then 0 else floor(s.t::numeric * s.w / s.ww)::bigint end as fs
  from vat_w s
  ), vat as (
  select s.*, case when s.rn = 1 then s.t - (sum(s.fs) over (partition by s.entry_id, s.grp) - s.fs)
  else s.fs end as share
  from vat_f s
  )
  select s.entry_id, e.occurred_at, s.position, v.product_id, s.variant_id, s.sku, s.description,
  s.quantity, s.amount, s.share, s.quantity * v.cost_cents::bigint
  from vat s join e on e.id = s.entry_id left join variants v on v.id = s.variant_id
  order by s.entry_id, s.position, s.ord;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, amount_cents, vat_cents)
  select 'credit_note', c.id, c.created_at, i.order_id, i.id, -c.total_cents, -c.vat_cents
  from credit_notes c join invoices i on i.id = c.invoice_id where true
  order by c.id
  on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger_lines (entry_id, occurred_at, position, product_id, variant_id, sku, description, quantity, amount_cents, vat_cents, cost_cents)
  with e as (
  select e.id, e.occurred_at, e.invoice_id, e.source_id, -e.amount_cents as total, -e.vat_cents as vat
  from sales_ledger e where e.kind = 'credit_note' and true
  ), ie as (
  select e.id as entry_id, ie.id as invoice_entry_id from e
  join sales_ledger ie on ie.kind = 'invoice' and ie.source_id = e.invoice_id
  ), cl as (
  select e.id as entry_id, cl.* from e join credit_note_lines cl on cl.credit_note_id = e.source_id
  ), h as (
  select e.id as entry_id,
  coalesce(sum(cl.line_total_cents) filter (where cl.invoice_line_position is null), 0) as rest,
  coalesce(bool_or(cl.invoice_line_position is not null), false) as by_lines
  from e left join cl on cl.entry_id = e.id group by e.id
  ), src as (
  select cl.entry_id, cl.id as ord, cl.invoice_line_position as position, cl.sku, cl.description,
  cl.quantity, cl.line_total_cents as base, sign(h.rest)::int as sgn, true as grp,
  abs(h.rest) as t, cl.line_total_cents as w,
  il.product_id, coalesce(il.variant_id, ivl.variant_id) as variant_id,
  case when il.quantity > 0 then il.cost_cents / il.quantity * cl.quantity end as cost
  from cl join h using (entry_id) join e on e.id = cl.entry_id
  left join invoice_lines ivl on ivl.invoice_id = e.invoice_id and ivl.position = cl.invoice_line_position
  left join ie on ie.entry_id = cl.entry_id
  left join sales_ledger_lines il on il.entry_id = ie.invoice_entry_id and il.position = cl.invoice_line_position
  where h.by_lines and cl.invoice_line_position is not null
  union all
  select e.id, il.id, il.position, il.sku, il.description, 0, 0, 1, true, e.total, il.amount_cents,
  il.product_id, il.variant_id, case when il.cost_cents is not null then 0::bigint end
  from e join h on h.entry_id = e.id and not h.by_lines
  join ie on ie.entry_id = e.id join sales_ledger_lines il on il.entry_id = ie.invoice_entry_id
  ), spread_w as (
  select s.*, sum(s.w) over g as ww,
  row_number() over (partition by s.entry_id, s.grp order by s.position desc nulls first, s.ord desc) as rn
  from src s window g as (partition by s.entry_id, s.grp)
  ), spread_f as (
  select s.*, case when s.ww = 0 then 0 else floor(s.t::numeric * s.w / s.ww)::bigint end as fs
  from spread_w s
  ), spread as (
  select s.*, case when s.rn = 1 then s.t - (sum(s.fs) over (partition by s.entry_id, s.grp) - s.fs)
  else s.fs end as share
  from spread_f s
  ), net as (
  select s.entry_id, s.ord, s.position, s.sku, s.description, s.quantity, s.product_id,
  s.variant_id, s.cost, s.base + s.sgn * s.share as amount, true as grp, e.vat as t,
  s.base + s.sgn * s.share as w
  from spread s join e on e.id = s.entry_id
  ), vat_w as (
  select s.*, sum(s.w) over g as ww,
  row_number() over (partition by s.entry_id, s.grp order by s.position desc nulls first, s.ord desc) as rn
  from net s window g as (partition by s.entry_id, s.grp)
  ), vat_f as (
  select s.*, case when s.ww = 0 then 0 else floor(s.t::numeric * s.w / s.ww)::bigint end as fs
  from vat_w s
  ), vat as (
  select s.*, case when s.rn = 1 then s.t - (sum(s.fs) over (partition by s.entry_id, s.grp) - s.fs)
  else s.fs end as share
  from vat_f s
  )
  select s.entry_id, e.occurred_at, s.position, s.product_id, s.variant_id, s.sku, s.description,
  -s.quantity, -s.amount, -s.share, -s.cost
  from vat s join e on e.id = s.entry_id
  order by s.entry_id, s.position, s.ord;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, plan_id, amount_cents, vat_cents)
  select 'charge_kept', p.id, p.cancelled_at, p.order_id, p.id, p.charge_cents, round(p.charge_cents::numeric * 15 / 115)::bigint
  from layby_plans p
  where p.status = 'cancelled' and p.charge_cents > 0 and p.cancelled_at is not null and true
  order by p.id
  on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger_lines (entry_id, occurred_at, sku, description, quantity, amount_cents, vat_cents)
  select e.id, e.occurred_at, '', 'Lay-by cancellation charge', 0, e.amount_cents, e.vat_cents
  from sales_ledger e where e.kind = 'charge_kept' and true
  order by e.id;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'payment_received', p.id, p.updated_at, p.order_id, null::int, n.plan_id, p.amount_cents, 0
  from payments p left join layby_instalments n on n.id = p.instalment_id
  where p.status in ('approved', 'refunded') and true
  order by p.id on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'showroom_payment', n.id, n.paid_at, lp.order_id, null::int, n.plan_id, n.amount_cents, 0
  from layby_instalments n join layby_plans lp on lp.id = n.plan_id
  where n.paid_at is not null and n.payment_id is null and n.recorded_by is not null and true
  order by n.id on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'invoice_payment', i.id, i.paid_at, null::int, i.id, null::int, i.total_cents, 0
  from invoices i where i.order_id is null and i.status = 'paid' and i.paid_at is not null and true
  order by i.id on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'refund_paid', r.id, r.updated_at, r.order_id, r.invoice_id, null::int, -r.amount_cents, 0
  from refunds r where r.status = 'completed' and true
  order by r.id on conflict (kind, source_id) do nothing;--> statement-breakpoint
insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'layby_refund_paid', r.id, r.updated_at, lp.order_id, null::int, r.plan_id, -r.amount_cents, 0
  from layby_refunds r join layby_plans lp on lp.id = r.plan_id
  where r.status = 'completed' and true
  order by r.id on conflict (kind, source_id) do nothing;
