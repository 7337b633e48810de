ALTER TABLE "order_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_discount_within_total" CHECK ("order_lines"."discount_cents" between 0 and greatest("order_lines"."line_total_cents", 0));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_discount_within_total" CHECK ("invoice_lines"."discount_cents" between 0 and greatest("invoice_lines"."line_total_cents", 0));--> statement-breakpoint
-- hand-written
-- Each discounted order's lines get their share of its discount (docs/decisions/042), as its
-- promotion's goods say today: over the lines it names (by product or category) when it names
-- goods, a line qualifies, and those lines cost at least the discount; else (no goods named,
-- none of them in the order, or the rules changed since so that they no longer cover the
-- discount) over every line by what it costs, as refunds spread it until now. Each line its
-- share rounded down, the dearest line (the first by position when several) the cents left.
with o as (
  select o.id, o.discount_cents, o.promotion_id,
         exists (select 1 from promotion_categories pc where pc.promotion_id = o.promotion_id)
         or exists (select 1 from promotion_products pp where pp.promotion_id = o.promotion_id) as limited
  from orders o where o.discount_cents > 0
), l as (
  select ol.id, ol.order_id, ol.position, greatest(ol.line_total_cents, 0) as w, o.discount_cents,
         o.limited and (
           exists (select 1 from promotion_products pp
                   where pp.promotion_id = o.promotion_id and pp.product_id = ol.product_id)
           or exists (select 1 from promotion_categories pc join products p on p.category_id = pc.category_id
                      where pc.promotion_id = o.promotion_id and p.id = ol.product_id)) as q
  from order_lines ol join o on o.id = ol.order_id
), m as (
  select order_id, coalesce(sum(w) filter (where q), 0) as qualifying, min(discount_cents) as discount
  from l group by order_id
), weighted as (
  select l.id, l.order_id, l.position, m.discount,
         case when m.qualifying > 0 and m.qualifying >= m.discount then (case when l.q then l.w else 0 end)
              else l.w end as ww
  from l join m using (order_id)
), b as (
  select weighted.*, sum(ww) over (partition by order_id) as base,
         row_number() over (partition by order_id order by ww desc, position, id) as rn
  from weighted
), f as (
  select b.*, least(b.discount, b.base) as amount,
         case when b.base = 0 then 0 else floor(least(b.discount, b.base)::numeric * b.ww / b.base)::int end as fs
  from b
), shares as (
  select f.id, f.fs + case when f.rn = 1 then f.amount - sum(f.fs) over (partition by f.order_id) else 0 end as share
  from f
)
update order_lines ol set discount_cents = shares.share from shares where ol.id = shares.id and shares.share > 0;
--> statement-breakpoint
-- A web order's invoice lines (its goods first, in the order's line order) carry the same shares,
-- when the invoice's discount line is the order's discount.
update invoice_lines il set discount_cents = x.discount_cents
from (
  select ol.order_id, ol.sku, ol.quantity, ol.discount_cents,
         row_number() over (partition by ol.order_id order by ol.position, ol.id) - 1 as idx
  from order_lines ol
) x
join invoices i on i.order_id = x.order_id
join orders o on o.id = x.order_id
where il.invoice_id = i.id and il.position = x.idx and il.sku = x.sku and il.quantity = x.quantity
  and x.discount_cents > 0
  and o.discount_cents = (select -sum(d.line_total_cents) from invoice_lines d
                          where d.invoice_id = i.id and d.line_total_cents < 0);
--> statement-breakpoint
-- The sales ledger's lines of those invoices, where the spread was another: each goods line its
-- amount less its own share, and the invoice's VAT spread again over the amounts as the live
-- statement spreads it (its share rounded down, the last line by position the cents left). The
-- rows (invoice totals and VAT) do not change; credit notes issued before keep their lines.
with e as (
  select e.id, e.vat_cents, e.invoice_id from sales_ledger e
  where e.kind = 'invoice'
    and exists (select 1 from invoice_lines il where il.invoice_id = e.invoice_id and il.discount_cents > 0)
), n as (
  select sl.id, sl.entry_id, sl.position, sl.amount_cents as was, il.line_total_cents - il.discount_cents as amount
  from e join sales_ledger_lines sl on sl.entry_id = e.id
  join invoice_lines il on il.invoice_id = e.invoice_id and il.position = sl.position
), changed as (
  select distinct entry_id from n where n.was <> n.amount
), w as (
  select n.id, n.entry_id, n.amount, e.vat_cents,
         sum(n.amount) over (partition by n.entry_id) as total,
         row_number() over (partition by n.entry_id order by n.position desc) as rn
  from n join e on e.id = n.entry_id where n.entry_id in (select entry_id from changed)
), f as (
  select w.*, case when w.total = 0 then 0 else floor(w.vat_cents::numeric * w.amount / w.total)::bigint end as fs
  from w
), v as (
  select f.id, f.amount,
         case when f.rn = 1 then f.vat_cents - (sum(f.fs) over (partition by f.entry_id) - f.fs) else f.fs end as vat
  from f
)
update sales_ledger_lines sl set amount_cents = v.amount, vat_cents = v.vat from v where sl.id = v.id;
--> statement-breakpoint
-- One use per customer reads the address as emailKey does: no "+tag" before the @, and for
-- Gmail (googlemail.com read as gmail.com) no dots in the name. Where two orders' uses of a
-- once-per-customer code now share a key, the first keeps the rule and the later ones stay as
-- uses without it (the unique index holds one per key).
create function pg_temp.redemption_key(address text) returns text language sql immutable as $$
  select case when address !~ '.@' then address else (
    select (case when mailbox = 'gmail.com' and replace(untagged, '.', '') <> ''
                 then replace(untagged, '.', '') else untagged end) || '@' || mailbox
    from (select regexp_replace(regexp_replace(address, '@[^@]*$', ''), '^([^+]+)[+].*$', '\1') as untagged,
                 case when substring(address from '@([^@]*)$') = 'googlemail.com' then 'gmail.com'
                      else substring(address from '@([^@]*)$') end as mailbox) parts
  ) end
$$;
--> statement-breakpoint
update promotion_redemptions r set once_per_customer = false
from (
  select order_id, row_number() over (
           partition by promotion_id, pg_temp.redemption_key(email_key) order by created_at, order_id) as nth
  from promotion_redemptions where once_per_customer
) ranked
where r.order_id = ranked.order_id and ranked.nth > 1;
--> statement-breakpoint
update promotion_redemptions set email_key = pg_temp.redemption_key(email_key)
where email_key <> pg_temp.redemption_key(email_key);
--> statement-breakpoint
drop function pg_temp.redemption_key(text);
