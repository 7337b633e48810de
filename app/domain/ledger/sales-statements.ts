import { sql, type SQL } from "drizzle-orm";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";

/*
 * The SQL that writes the sales rows of the ledger (docs/decisions/029). Each statement takes a
 * filter: the live writes pass the one document they record, the upgrade's backfill (the same
 * statements in migration 0028) passes `true`, so a shop's history is recorded exactly as new
 * events are. Amounts are spread over lines with `apportioned`: each line its floor share by
 * weight, the last line (by position) the cents left over, so the lines add up to the document.
 */

/** The moment a tax invoice was issued: a web order's when paid, a hand-made one's first send. */
const issuedAt = sql.raw(`case when i.order_id is not null then i.created_at
  when (i.sent_at at time zone 'Africa/Johannesburg')::date = i.issue_date then i.sent_at
  else (i.issue_date + time '12:00') at time zone 'Africa/Johannesburg' end`);

/**
 * CTEs `${name}_w`, `${name}_f` and `${name}` over `source` (entry_id, grp, position, ord,
 * total t, weight w): `share` is each row's part of its group's t.
 */
function apportioned(name: string, source: string): SQL {
  return sql.raw(`${name}_w as (
    select s.*, sum(s.w) over g as ww,
           row_number() over (partition by s.entry_id, s.grp order by s.position desc nulls first, s.ord desc) as rn
    from ${source} s window g as (partition by s.entry_id, s.grp)
  ), ${name}_f as (
    select s.*, case when s.ww = 0 then 0 else floor(s.t::numeric * s.w / s.ww)::bigint end as fs
    from ${name}_w s
  ), ${name} as (
    select s.*, case when s.rn = 1 then s.t - (sum(s.fs) over (partition by s.entry_id, s.grp) - s.fs)
                     else s.fs end as share
    from ${name}_f s
  )`);
}

/**
 * A tax invoice issued (sent or paid; a draft is not issued, a cancelled one void). The invoice
 * for a lay-by's cancellation charge is the charge kept's document: that row records it.
 */
export function invoiceEntries(filter: SQL): SQL {
  return sql`insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, amount_cents, vat_cents)
    select 'invoice', i.id, ${issuedAt}, i.order_id, i.id, i.total_cents, i.vat_cents
    from invoices i where i.status in ('sent', 'paid') and i.layby_plan_id is null and ${filter}
    order by i.id
    on conflict (kind, source_id) do nothing returning id`;
}

/**
 * An invoice's lines: its goods, delivery and other positive lines, a discount line's amount
 * spread over the goods by the shares they carry (only the lines the promotion was for,
 * docs/decisions/042), or, on an invoice without shares, by what they cost (over every line
 * when none is goods), then the invoice's VAT spread over the amounts; cost is the size's cost
 * price now, times the units.
 */
export function invoiceLines(entryFilter: SQL): SQL {
  return sql`insert into sales_ledger_lines (entry_id, occurred_at, position, product_id, variant_id, sku, description, quantity, amount_cents, vat_cents, cost_cents)
    with e as (
      select e.id, e.occurred_at, e.invoice_id, e.vat_cents from sales_ledger e
      where e.kind = 'invoice' and ${entryFilter}
    ), l as (
      select e.id as entry_id, il.id as ord, il.position, il.sku, il.description, il.variant_id,
             il.quantity, il.line_total_cents, il.discount_cents,
             il.line_total_cents > 0 and il.sku <> '' as goods
      from e join invoice_lines il on il.invoice_id = e.invoice_id
    ), d as (
      select entry_id, -coalesce(sum(line_total_cents) filter (where line_total_cents < 0), 0) as discount,
             bool_or(goods) as has_goods, bool_or(goods and discount_cents > 0) as has_shares
      from l group by entry_id
    ), kept as (
      select l.*, (l.goods or not d.has_goods) as grp,
             case when l.goods or not d.has_goods then d.discount else 0 end as t,
             case when d.has_shares then l.discount_cents else l.line_total_cents end as w
      from l join d using (entry_id) where l.line_total_cents >= 0
    ), ${apportioned("disc", "kept")}, net as (
      select s.entry_id, s.ord, s.position, s.sku, s.description, s.variant_id, s.quantity,
             s.line_total_cents - s.share as amount, true as grp, e.vat_cents as t,
             s.line_total_cents - s.share as w
      from disc s join e on e.id = s.entry_id
    ), ${apportioned("vat", "net")}
    select s.entry_id, e.occurred_at, s.position, v.product_id, s.variant_id, s.sku, s.description,
           s.quantity, s.amount, s.share, s.quantity * v.cost_cents::bigint
    from vat s join e on e.id = s.entry_id left join variants v on v.id = s.variant_id
    order by s.entry_id, s.position, s.ord`;
}

/** A credit note issued against a tax invoice: negative. */
export function creditNoteEntries(filter: SQL): SQL {
  return sql`insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, amount_cents, vat_cents)
    select 'credit_note', c.id, c.created_at, i.order_id, i.id, -c.total_cents, -c.vat_cents
    from credit_notes c join invoices i on i.id = c.invoice_id where ${filter}
    order by c.id
    on conflict (kind, source_id) do nothing returning id`;
}

/**
 * A credit note's lines, negative: the invoice lines it credits with its other lines (the goods'
 * discount share) spread over them (by the invoice lines' own shares of the discount when they
 * carry them, else by what they cost), or, for an amount paid back, the amount spread over the
 * invoice's ledger lines (no units, no cost); then its VAT spread over the amounts. Units
 * returned cost what they cost when invoiced.
 */
export function creditNoteLines(entryFilter: SQL): SQL {
  return sql`insert into sales_ledger_lines (entry_id, occurred_at, position, product_id, variant_id, sku, description, quantity, amount_cents, vat_cents, cost_cents)
    with e as (
      select e.id, e.occurred_at, e.invoice_id, e.source_id, -e.amount_cents as total, -e.vat_cents as vat
      from sales_ledger e where e.kind = 'credit_note' and ${entryFilter}
    ), ie as (
      select e.id as entry_id, ie.id as invoice_entry_id from e
      join sales_ledger ie on ie.kind = 'invoice' and ie.source_id = e.invoice_id
    ), cl as (
      select e.id as entry_id, cl.*,
             coalesce(ivl.discount_cents::numeric * cl.quantity / ivl.quantity, 0) as dw
      from e join credit_note_lines cl on cl.credit_note_id = e.source_id
      left join invoice_lines ivl on ivl.invoice_id = e.invoice_id and ivl.position = cl.invoice_line_position
    ), h as (
      select e.id as entry_id,
             coalesce(sum(cl.line_total_cents) filter (where cl.invoice_line_position is null), 0) as rest,
             coalesce(bool_or(cl.invoice_line_position is not null), false) as by_lines,
             coalesce(bool_or(cl.dw > 0), false) as by_shares
      from e left join cl on cl.entry_id = e.id group by e.id
    ), src as (
      select cl.entry_id, cl.id as ord, cl.invoice_line_position as position, cl.sku, cl.description,
             cl.quantity, cl.line_total_cents as base, sign(h.rest)::int as sgn, true as grp,
             abs(h.rest) as t, case when h.by_shares then cl.dw else cl.line_total_cents end as w,
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
    ), ${apportioned("spread", "src")}, net as (
      select s.entry_id, s.ord, s.position, s.sku, s.description, s.quantity, s.product_id,
             s.variant_id, s.cost, s.base + s.sgn * s.share as amount, true as grp, e.vat as t,
             s.base + s.sgn * s.share as w
      from spread s join e on e.id = s.entry_id
    ), ${apportioned("vat", "net")}
    select s.entry_id, e.occurred_at, s.position, s.product_id, s.variant_id, s.sku, s.description,
           -s.quantity, -s.amount, -s.share, -s.cost
    from vat s join e on e.id = s.entry_id
    order by s.entry_id, s.position, s.ord`;
}

const vatIn = (cents: string) =>
  sql.raw(`round(${cents}::numeric * ${VAT_RATE_PERCENT} / ${100 + VAT_RATE_PERCENT})::bigint`);

/**
 * The cancellation charge a cancelled lay-by keeps (s62(4)): a sale of its own, with the
 * invoice issued for it and that invoice's VAT (none from a shop without a VAT number). A
 * charge kept before charges had their invoice (migration 0059) has none: VAT 15/115 in it,
 * as it was recorded then.
 */
export function chargeEntries(filter: SQL): SQL {
  return sql`insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
    select 'charge_kept', p.id, p.cancelled_at, p.order_id, i.id, p.id, p.charge_cents,
           coalesce(i.vat_cents, ${vatIn("p.charge_cents")})
    from layby_plans p left join invoices i on i.layby_plan_id = p.id
    where p.status = 'cancelled' and p.charge_cents > 0 and p.cancelled_at is not null and ${filter}
    order by p.id
    on conflict (kind, source_id) do nothing returning id`;
}

/** A charge's one line, with no product: so every sales row's lines add up to it. */
export function chargeLines(entryFilter: SQL): SQL {
  return sql`insert into sales_ledger_lines (entry_id, occurred_at, sku, description, quantity, amount_cents, vat_cents)
    select e.id, e.occurred_at, '', 'Lay-by cancellation charge', 0, e.amount_cents, e.vat_cents
    from sales_ledger e where e.kind = 'charge_kept' and ${entryFilter}
    order by e.id`;
}
