import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { refundedSoFar } from "~/domain/invoicing/refunded-so-far.server";
import { listAdminOrders } from "~/domain/orders/list-orders.server";
import { ORDER_LIST } from "~/domain/orders/order-list";
import { orderStage } from "~/domain/orders/order-stage.server";
import { getDashboard } from "~/domain/reports/dashboard.server";
import { getReport } from "~/domain/reports/get-report.server";
import { quickReportRows } from "~/domain/reports/report-exports.server";
import { resolvePeriod } from "~/domain/reports/report-period";
import { addDays, shopToday } from "~/lib/dates";
import { readListParams } from "~/lib/list-params";

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(query));

/** Stock on hand is what the movements say (received - sold + returned), and no unit came back twice. */
async function stockIsAccountedFor() {
  expect(
    await rows(sql`
      select l.variant_id, l.warehouse_id, l.on_hand, coalesce(sum(m.quantity), 0)::int as moved
      from stock_levels l
      left join stock_movements m on m.variant_id = l.variant_id and m.warehouse_id = l.warehouse_id
      group by l.variant_id, l.warehouse_id, l.on_hand
      having l.on_hand <> coalesce(sum(m.quantity), 0)`),
    "stock on hand against its movements",
  ).toEqual([]);
  expect(
    await rows(sql`select id from order_allocations where returned_quantity > quantity`),
    "allocations returned more than once",
  ).toEqual([]);
  // Every unit an order put back is an allocation's returned unit, in the warehouse it came from.
  expect(
    await rows(sql`
      select a.variant_id, a.warehouse_id, a.order_id, a.returned, coalesce(m.back, 0) as back
      from (select a.variant_id, a.warehouse_id, l.order_id, sum(a.returned_quantity)::int as returned
            from order_allocations a join order_lines l on l.id = a.order_line_id
            group by 1, 2, 3) a
      left join (select variant_id, warehouse_id, order_id, sum(quantity)::int as back
                 from stock_movements where kind = 'return' and order_id is not null
                 group by 1, 2, 3) m
        on m.variant_id = a.variant_id and m.warehouse_id = a.warehouse_id and m.order_id = a.order_id
      where a.returned <> coalesce(m.back, 0)`),
    "returns on hand against the allocations' returned units",
  ).toEqual([]);
}

/** Money paid back (or held for a refund under way or not answered) is at most what was taken. */
async function paidBackWithinTaken() {
  const held = sql`(
    select p.payment_id, p.amount_cents from refund_parts p join refunds r on r.id = p.refund_id
      where p.payment_id is not null and r.status <> 'failed' and p.status <> 'refused')`;
  expect(
    await rows(sql`
      select p.id, p.amount_cents, sum(h.amount_cents)::int as back
      from payments p join ${held} h on h.payment_id = p.id
      group by p.id, p.amount_cents having sum(h.amount_cents) > p.amount_cents`),
    "payments paid back more than they took",
  ).toEqual([]);
  expect(
    await rows(sql`
      select o.id from orders o
      where coalesce((select sum(amount_cents) from refunds r
                      where r.order_id = o.id and r.status <> 'failed'), 0)
          > coalesce((select sum(amount_cents) from payments p
                      where p.order_id = o.id and p.status = 'approved'), 0)
          + coalesce((select sum(i.amount_cents) from layby_instalments i
                      join layby_plans lp on lp.id = i.plan_id
                      where lp.order_id = o.id and i.paid_at is not null
                        and not exists (select 1 from payments p where p.instalment_id = i.id
                                        and p.status = 'approved')), 0)`),
    "orders paid back more than they took",
  ).toEqual([]);
  // A refund whose provider has not answered still holds its amount (docs/decisions/030).
  const waiting = await rows<{ order_id: number; amount: number }>(
    sql`select order_id, sum(amount_cents)::int as amount from refunds
        where kind = 'order' and status in ('pending', 'awaiting_provider') group by order_id`,
  );
  for (const w of waiting) {
    expect((await refundedSoFar(w.order_id)).refundedCents).toBeGreaterThanOrEqual(w.amount);
  }
}

/**
 * A refund is completed exactly when all its parts are paid, an order's with its one credit note
 * (a lay-by's or a payment's has none: there is no invoice); `settled` says the job has run
 * since the last refund was asked, so none is left waiting to complete.
 */
async function creditNotesMatchRefunds(settled: boolean) {
  const refunds = await rows<{
    id: number;
    kind: string;
    status: string;
    note: number | null;
    unpaid: number;
  }>(
    sql`select r.id, r.kind, r.status, r.credit_note_id as note,
               (select count(*)::int from refund_parts p
                where p.refund_id = r.id and p.status <> 'paid') as unpaid
        from refunds r`,
  );
  for (const r of refunds) {
    if (r.status === "completed") expect(r, "a completed refund").toMatchObject({ unpaid: 0 });
    if (r.note !== null) expect(r, "a refund with a credit note").toMatchObject({ unpaid: 0 });
    if (r.kind !== "order") expect(r.note, "a lay-by's or a payment's refund").toBeNull();
    if (settled && r.unpaid === 0) {
      expect(r, "a refund paid in full, once settled").toMatchObject({ status: "completed" });
      if (r.kind === "order") expect(r.note, "its credit note").not.toBeNull();
    }
  }
  // A web order's invoice is credited only by a refund: one credit note each, none besides.
  expect(
    await rows(sql`
      select c.id from credit_notes c join invoices i on i.id = c.invoice_id
      where i.order_id is not null
        and (select count(*) from refunds r where r.credit_note_id = c.id) <> 1`),
    "credit notes of web orders without their one refund",
  ).toEqual([]);
  expect(
    await rows(sql`
      select i.id, i.total_cents, i.vat_cents, sum(c.total_cents)::int as credited,
             sum(c.vat_cents)::int as credited_vat
      from invoices i join credit_notes c on c.invoice_id = i.id
      group by i.id having sum(c.total_cents) > i.total_cents or sum(c.vat_cents) > i.vat_cents`),
    "invoices credited beyond their total or VAT",
  ).toEqual([]);
}

/**
 * The ledger against the documents and the cash it records, each read from its own table, not
 * from the ledger's statements (issue 50): per order and per hand-made invoice, sales are the
 * issued invoice less its credit notes plus a lay-by's charge kept; cash is what payments and
 * the showroom took less what refunds paid back; every row's lines add up to it; an order
 * refund's credit note is the money it paid back; a cancelled lay-by pays back what it took
 * less its charge.
 */
async function ledgerAgainstDocuments() {
  expect(
    await rows(sql`
      select i.id, i.total_cents, i.vat_cents, coalesce(l.amount, 0) as ledger,
             coalesce(l.vat, 0) as ledger_vat
      from invoices i
      left join (select invoice_id, sum(amount_cents)::int as amount, sum(vat_cents)::int as vat
                 from sales_ledger where kind in ('invoice', 'credit_note', 'charge_kept')
                 group by invoice_id) l on l.invoice_id = i.id
      where coalesce(l.amount, 0) <> case when i.status in ('sent', 'paid') then i.total_cents else 0 end
              - coalesce((select sum(c.total_cents) from credit_notes c where c.invoice_id = i.id), 0)
         or coalesce(l.vat, 0) <> case when i.status in ('sent', 'paid') then i.vat_cents else 0 end
              - coalesce((select sum(c.vat_cents) from credit_notes c where c.invoice_id = i.id), 0)`),
    "ledger sales against each invoice less its credit notes",
  ).toEqual([]);
  expect(
    await rows(sql`
      select p.id, p.charge_cents, coalesce(sum(e.amount_cents), 0)::int as ledger
      from layby_plans p
      left join sales_ledger e on e.kind = 'charge_kept' and e.source_id = p.id
      group by p.id, p.status, p.charge_cents
      having coalesce(sum(e.amount_cents), 0)
             <> case when p.status = 'cancelled' then coalesce(p.charge_cents, 0) else 0 end`),
    "ledger charges kept against cancelled lay-bys",
  ).toEqual([]);
  expect(
    await rows(sql`
      select e.id, e.kind, e.amount_cents, sum(l.amount_cents)::int as lines
      from sales_ledger e join sales_ledger_lines l on l.entry_id = e.id
      group by e.id
      having sum(l.amount_cents) <> e.amount_cents or sum(l.vat_cents) <> e.vat_cents`),
    "ledger rows against their lines",
  ).toEqual([]);
  // Cash: what came in (online payments, the showroom's lay-by payments) less what went back
  // (each refund's parts paid: an order's or a payment's once the refund completed, a lay-by's
  // as each is paid).
  expect(
    await rows(sql`
      select o.id, coalesce(l.cash, 0) as ledger, x.taken - x.back as expected
      from orders o
      cross join lateral (select
        coalesce((select sum(p.amount_cents) from payments p
                  where p.order_id = o.id and p.status in ('approved', 'refunded')), 0)
        + coalesce((select sum(lp.amount_cents) from layby_payments lp
                    join layby_plans pl on pl.id = lp.plan_id
                    where pl.order_id = o.id and lp.payment_id is null), 0) as taken,
        coalesce((select sum(rp.amount_cents) from refund_parts rp
                  join refunds r on r.id = rp.refund_id
                  where r.order_id = o.id and rp.status = 'paid'
                    and (r.kind = 'layby' or r.status = 'completed')), 0) as back) x
      left join (select order_id, sum(amount_cents)::int as cash from sales_ledger
                 where kind in ('payment_received', 'showroom_payment', 'refund_paid',
                                'layby_refund_paid')
                 group by order_id) l on l.order_id = o.id
      where coalesce(l.cash, 0) <> x.taken - x.back`),
    "ledger cash against each order's payments and refunds",
  ).toEqual([]);
  // A hand-made invoice: paid, the buyer paid its total less what notes credited while it was
  // owed; notes that pay money back take it out when staff record it paid back.
  expect(
    await rows(sql`
      select i.id, coalesce(l.cash, 0) as ledger
      from invoices i
      left join (select invoice_id, sum(amount_cents)::int as cash from sales_ledger
                 where kind in ('invoice_payment', 'invoice_paid_back')
                 group by invoice_id) l on l.invoice_id = i.id
      where i.order_id is null
        and coalesce(l.cash, 0) <> case when i.status = 'paid' then i.total_cents
              - coalesce((select sum(c.total_cents) from credit_notes c
                          where c.invoice_id = i.id
                            and (not c.pay_back_due or c.paid_back_at is not null)), 0)
              else 0 end`),
    "ledger cash against each hand-made invoice",
  ).toEqual([]);
  expect(
    await rows(sql`
      select r.id, r.amount_cents, c.total_cents from refunds r
      join credit_notes c on c.id = r.credit_note_id
      where c.total_cents <> r.amount_cents`),
    "order refunds against their credit notes",
  ).toEqual([]);
  expect(
    await rows(sql`
      select p.id, x.taken, p.charge_cents, x.back
      from layby_plans p
      cross join lateral (select
        coalesce((select sum(lp.amount_cents) from layby_payments lp where lp.plan_id = p.id), 0)
        -- paid in after it was cancelled: owed back whole
        + coalesce((select sum(pm.amount_cents) from payments pm
                    join layby_instalments n on n.id = pm.instalment_id
                    where n.plan_id = p.id and pm.status in ('approved', 'refunded')
                      and not exists (select 1 from layby_payments lp
                                      where lp.payment_id = pm.id)), 0) as taken,
        coalesce((select sum(r.amount_cents) from refunds r
                  where r.plan_id = p.id and r.kind = 'layby' and r.status <> 'failed'), 0) as back) x
      where p.status = 'cancelled' and x.back <> x.taken - coalesce(p.charge_cents, 0)`),
    "cancelled lay-bys' refunds against what they took less the charge",
  ).toEqual([]);
}

/** Dashboard, the Orders card, Reports and the VAT summary give one net sales figure. */
async function oneNetFigure() {
  const period = resolvePeriod({
    key: "custom",
    from: addDays(shopToday(), -1),
    to: shopToday(),
    timeZone: "Africa/Johannesburg",
  });
  const vat: (readonly unknown[])[] = [];
  for await (const row of quickReportRows("vat-summary", period)) vat.push(row);
  const output = vat.at(-1)!;
  expect(output[0]).toBe("Output VAT");
  const figures = {
    dashboard: (await getDashboard()).revenueCents,
    orders: (await listAdminOrders(readListParams(ORDER_LIST, new URLSearchParams()))).summary
      .revenueCents,
    reports: (await getReport(period)).sales.revenueCents.value,
    vatSummary: Math.round(Number(output[4]) * 100),
  };
  expect(figures, "net sales on each screen").toEqual({
    dashboard: figures.dashboard,
    orders: figures.dashboard,
    reports: figures.dashboard,
    vatSummary: figures.dashboard,
  });
}

/**
 * An order's life agrees with its money, its lines and what its pages say (decision 050): its
 * stage with its money state; each line's credited units with what completed refunds credited
 * (read from the refunds themselves) and its returned units with those of refunds that put them
 * back in stock; each refund's parts add up to it and its status agrees with theirs; nothing delivered but on a delivered order, nothing of a
 * delivered order neither delivered nor credited; no delivery day for an order with nothing
 * left to deliver; a cancelled order that was paid is paid back (or owed), unless refunds took
 * every unit off it first; and no paid order reads as waiting for its money.
 */
async function orderLivesHold() {
  expect(
    await rows(sql`
      select id, status, payment_status from orders
      where (status in ('to_deliver', 'out_for_delivery', 'delivered')
             and payment_status not in ('paid', 'partially_refunded', 'refunded'))
         or (status = 'awaiting_payment' and payment_status not in ('unpaid', 'awaiting_quote'))
         or (status = 'layby' and payment_status not in ('unpaid', 'partially_paid'))`),
    "stages against money states",
  ).toEqual([]);
  expect(
    await rows(sql`
      select l.id, l.credited_quantity, l.returned_quantity,
             coalesce(c.qty, 0) as refunded, coalesce(c.restocked, 0) as restocked
      from order_lines l
      left join (
        select ol.id, sum((x->>'quantity')::int)::int as qty,
               (sum((x->>'quantity')::int) filter (where r.restocked))::int as restocked
        from refunds r
        cross join lateral jsonb_array_elements(r.lines) x
        join (select id, order_id,
                     row_number() over (partition by order_id order by position, id) - 1 as pos
              from order_lines) ol
          on ol.order_id = r.order_id and ol.pos = (x->>'position')::int
        where r.kind = 'order' and r.status = 'completed'
        group by ol.id) c on c.id = l.id
      where l.credited_quantity <> least(l.quantity, coalesce(c.qty, 0))
         or l.returned_quantity <> least(l.credited_quantity, coalesce(c.restocked, 0))`),
    "lines' credited and returned units against completed refunds (returned: those restocked)",
  ).toEqual([]);
  expect(
    await rows(sql`
      select r.id, r.status, r.amount_cents,
             coalesce(sum(p.amount_cents), 0)::int as parts,
             count(*) filter (where p.status = 'paid')::int as paid,
             count(*) filter (where p.status = 'refused')::int as refused,
             count(p.id)::int as n
      from refunds r left join refund_parts p on p.refund_id = r.id
      group by r.id
      having coalesce(sum(p.amount_cents), 0) <> r.amount_cents
          or (r.status = 'completed' and count(*) filter (where p.status = 'paid') <> count(p.id))
          or (r.status = 'failed' and count(*) filter (where p.status = 'refused') <> count(p.id))`),
    "refunds against their parts",
  ).toEqual([]);
  expect(
    await rows(sql`
      select l.id, o.status, l.quantity, l.credited_quantity, l.delivered_quantity
      from order_lines l join orders o on o.id = l.order_id
      where (o.status <> 'delivered' and l.delivered_quantity <> 0)
         or (o.status = 'delivered' and l.delivered_quantity + l.credited_quantity < l.quantity)`),
    "delivered units against the order's stage",
  ).toEqual([]);
  // A delivered order keeps the booking it was delivered on (its run's history), and a refund
  // after delivery leaves it so; any other booking is of goods still to bring.
  expect(
    await rows(sql`
      select b.order_id, o.status from delivery_bookings b join orders o on o.id = b.order_id
      where o.status = 'cancelled'
         or (o.status = 'delivered'
             and not exists (select 1 from delivery_proofs p
                             where p.order_id = o.id and p.outcome = 'delivered'))
         or (o.status <> 'delivered'
             and not exists (select 1 from order_lines l
                             where l.order_id = o.id and l.quantity > l.credited_quantity))`),
    "delivery days of orders with nothing left to deliver",
  ).toEqual([]);
  // Out for delivery is a stop sent out and not recorded yet, and only that.
  expect(
    await rows(sql`
      select o.id, o.status, s.out_for_delivery_at
      from orders o
      left join delivery_bookings b on b.order_id = o.id
      left join delivery_run_stops s on s.booking_id = b.id
      where (o.status = 'out_for_delivery'
             and (s.out_for_delivery_at is null
                  or exists (select 1 from delivery_proofs p where p.order_id = o.id
                             and p.run_id = s.run_id)))
         or (o.status in ('to_deliver', 'layby', 'awaiting_payment')
             and s.out_for_delivery_at is not null)`),
    "orders out for delivery against their run's stops",
  ).toEqual([]);
  // Each day's count of drops is its bookings (holds apart): a cancelled, refunded or missed
  // delivery gives its drop back exactly once.
  expect(
    await rows(sql`
      select coalesce(d.zone_id, b.zone_id) as zone_id, coalesce(d.day, b.day) as day,
             coalesce(d.booked, 0) as counted, coalesce(b.n, 0) as bookings
      from delivery_days d
      full join (select zone_id, day, count(*)::int as n from delivery_bookings
                 where held_until is null group by zone_id, day) b
        on b.zone_id = d.zone_id and b.day = d.day
      where coalesce(d.booked, 0) <> coalesce(b.n, 0)`),
    "each day's drops against its bookings",
  ).toEqual([]);
  expect(
    await rows(sql`
      select o.id, i.total_cents,
             (select coalesce(sum(r.amount_cents), 0)::int from refunds r
              where r.order_id = o.id and r.kind = 'order' and r.status <> 'failed') as back
      from orders o join invoices i on i.order_id = o.id
      where o.status = 'cancelled' and i.layby_plan_id is null
        and (select coalesce(sum(r.amount_cents), 0) from refunds r
             where r.order_id = o.id and r.kind = 'order' and r.status <> 'failed') < i.total_cents
        and exists (select 1 from order_lines l
                    where l.order_id = o.id and l.quantity > l.credited_quantity)`),
    "cancelled paid orders not paid back",
  ).toEqual([]);
  const ids = await rows<{ id: number; payment_status: string }>(
    sql`select id, payment_status from orders`,
  );
  for (const o of ids) {
    const shown = (await orderStage(o.id))!.stage;
    if (o.payment_status === "paid" || o.payment_status === "partially_refunded") {
      expect(
        ["awaiting_payment", "awaiting_quote", "layby"],
        `order ${o.id} is paid but reads ${shown}`,
      ).not.toContain(shown);
    }
  }
}

/**
 * An order's money against its own parts and the rules that priced it, each read from its own
 * table (issue 50): total = goods - discount + delivery + add-ons; an unscoped code's discount is
 * its rule on the goods (percent, or the fixed amount, never more than the goods), and a code
 * is held by one redemption while its order lives (the code's use count with them); a quoted
 * delivery costs what staff quoted; the invoice has each part as a line (goods, delivery, each
 * add-on, the discount) and its total; and goods a scoped code did not discount reach the
 * ledger at their price.
 */
async function orderMoneyHolds() {
  expect(
    await rows(sql`
      select o.id, o.subtotal_cents, o.discount_cents, o.delivery_cents, o.removal_cents,
             o.assembly_cents, o.total_cents, l.goods
      from orders o
      join (select order_id, sum(line_total_cents)::int as goods from order_lines group by 1) l
        on l.order_id = o.id
      where o.subtotal_cents <> l.goods
         or o.total_cents <> o.subtotal_cents - o.discount_cents + o.delivery_cents
                             + o.removal_cents + o.assembly_cents`),
    "orders' totals against their goods, discount, delivery and add-ons",
  ).toEqual([]);
  expect(
    await rows(sql`
      select o.id, o.promotion_code, o.subtotal_cents, o.discount_cents
      from orders o join promotions p on p.code = o.promotion_code
      where not exists (select 1 from promotion_products x where x.promotion_id = p.id)
        and not exists (select 1 from promotion_categories x where x.promotion_id = p.id)
        and o.discount_cents <> least(o.subtotal_cents, case when p.kind::text = 'percentage'
              then round(o.subtotal_cents * p.value / 100.0)::int else p.value end)`),
    "discounts against their code's rule",
  ).toEqual([]);
  expect(
    await rows(sql`
      select o.id, o.status, o.promotion_code, r.order_id as redeemed
      from orders o left join promotion_redemptions r on r.order_id = o.id
      where (r.order_id is not null) <> (o.promotion_code is not null and o.discount_cents > 0
                                         and o.status::text <> 'cancelled')`),
    "redemptions against the live orders that used a code",
  ).toEqual([]);
  expect(
    await rows(sql`
      select p.code, p.used_count, count(r.order_id)::int as redemptions
      from promotions p left join promotion_redemptions r on r.promotion_id = p.id
      group by p.id having p.used_count <> count(r.order_id)`),
    "codes' use counts against their redemptions",
  ).toEqual([]);
  expect(
    await rows(sql`
      select o.id, o.delivery_cents, q.amount_cents
      from orders o join delivery_quotes q on q.order_id = o.id
      where o.delivery_cents <> q.amount_cents`),
    "quoted deliveries against their quote",
  ).toEqual([]);
  expect(
    await rows(sql`
      select o.id, i.total_cents, o.total_cents as order_total, x.goods, x.discount, x.rest
      from orders o join invoices i on i.order_id = o.id
      cross join lateral (select
        coalesce(sum(l.line_total_cents) filter (where l.variant_id is not null), 0)::int as goods,
        coalesce(-sum(l.line_total_cents) filter (where l.line_total_cents < 0), 0)::int as discount,
        coalesce(sum(l.line_total_cents) filter (where l.variant_id is null
                                                   and l.line_total_cents > 0), 0)::int as rest
        from invoice_lines l where l.invoice_id = i.id) x
      where i.layby_plan_id is null
        and (i.total_cents <> o.total_cents or x.goods <> o.subtotal_cents
             or x.discount <> o.discount_cents
             or x.rest <> o.delivery_cents + o.removal_cents + o.assembly_cents)`),
    "web orders' invoices against the order's goods, discount, delivery and add-ons",
  ).toEqual([]);
  expect(
    await rows(sql`
      select p.id, p.status, p.charge_cents, i.id as invoice, i.total_cents
      from layby_plans p full join (select * from invoices where layby_plan_id is not null) i
        on i.layby_plan_id = p.id
      where (p.status::text = 'cancelled' and coalesce(p.charge_cents, 0) > 0)
            <> (i.id is not null and i.status::text = 'paid')
         or coalesce(i.total_cents, p.charge_cents) <> p.charge_cents`),
    "a cancelled lay-by's charge kept against the invoice issued for it",
  ).toEqual([]);
  expect(
    await rows(sql`
      select ol.id, ol.line_total_cents, coalesce(sum(sl.amount_cents), 0)::int as ledger
      from order_lines ol
      join orders o on o.id = ol.order_id
      join promotions p on p.code = o.promotion_code
      left join sales_ledger e on e.order_id = o.id and e.kind::text = 'invoice'
      left join sales_ledger_lines sl on sl.entry_id = e.id and sl.variant_id = ol.variant_id
      where exists (select 1 from promotion_products x where x.promotion_id = p.id)
        and not exists (select 1 from promotion_products x
                        where x.promotion_id = p.id and x.product_id = ol.product_id)
        and e.id is not null
      group by ol.id, ol.line_total_cents
      having coalesce(sum(sl.amount_cents), 0) <> ol.line_total_cents`),
    "undiscounted lines at their price in the ledger",
  ).toEqual([]);
  expect(
    await rows(sql`
      select ol.id, o.promotion_code, ol.discount_cents
      from order_lines ol
      join orders o on o.id = ol.order_id
      join promotions p on p.code = o.promotion_code
      where ol.discount_cents <> 0
        and exists (select 1 from promotion_products x where x.promotion_id = p.id)
        and not exists (select 1 from promotion_products x
                        where x.promotion_id = p.id and x.product_id = ol.product_id)`),
    "no share of a scoped code's discount on goods it was not for",
  ).toEqual([]);
}

/** Every invariant of the money path, read from the database. */
export async function checkInvariants(options: { settled: boolean }) {
  await stockIsAccountedFor();
  await paidBackWithinTaken();
  await creditNotesMatchRefunds(options.settled);
  await ledgerAgainstDocuments();
  await oneNetFigure();
  await orderLivesHold();
  await orderMoneyHolds();
}
