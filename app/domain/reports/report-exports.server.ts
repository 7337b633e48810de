import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { occurredIn, SALES } from "~/domain/ledger/ledger-totals.server";
import { formatCreditNoteNumber, formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import type { CsvCell } from "~/lib/csv.server";
import { randAmount } from "~/lib/money";
import type { ReportPeriod } from "./report-period";

/*
 * The quick reports: each a CSV computed when it is downloaded ("Live"), read from the database
 * a batch at a time (keyset pages, or one aggregate bounded by the calendar or the catalogue),
 * so a year of 100,000 orders is never held in memory.
 */

export const QUICK_REPORT_KEYS = [
  "sales-by-day",
  "sales-by-product",
  "stock-valuation",
  "low-stock",
  "vat-summary",
  "deliveries-by-day",
] as const;
export type QuickReportKey = (typeof QUICK_REPORT_KEYS)[number];

export function isQuickReportKey(value: string): value is QuickReportKey {
  return (QUICK_REPORT_KEYS as readonly string[]).includes(value);
}

export const QUICK_REPORTS: Record<
  QuickReportKey,
  { title: string; description: string; usesPeriod: boolean }
> = {
  "sales-by-day": {
    title: "Sales by Day",
    description:
      "Net sales (invoiced, less credit notes, plus lay-by charges kept) with and without VAT, day by day.",
    usesPeriod: true,
  },
  "sales-by-product": {
    title: "Sales by Product",
    description:
      "Units, net revenue (after discounts and refunds) and gross margin of every SKU sold; the total is net sales.",
    usesPeriod: true,
  },
  "stock-valuation": {
    title: "Stock Valuation",
    description: "Every stock level with its value at cost, as it stands now.",
    usesPeriod: false,
  },
  "low-stock": {
    title: "Low Stock",
    description: "Levels at or below their low-stock threshold, out of stock first, now.",
    usesPeriod: false,
  },
  "deliveries-by-day": {
    title: "Deliveries by Day",
    description:
      "Deliveries booked for each day, delivered (on the day or later), not delivered, and not yet recorded by the driver.",
    usesPeriod: true,
  },
  "vat-summary": {
    title: "VAT Summary",
    description:
      "Tax invoices issued, less credit notes, plus lay-by charges kept: output VAT and net sales.",
    usesPeriod: true,
  },
};

export const QUICK_REPORT_HEADERS: Record<QuickReportKey, readonly string[]> = {
  "sales-by-day": [
    "Day",
    "Invoices",
    "Net sales incl. VAT",
    "VAT",
    "Net sales excl. VAT",
    "Credit notes (refunds)",
    "Lay-by charges kept",
  ],
  "sales-by-product": [
    "SKU",
    "Product",
    "Size",
    "Units",
    "Net revenue incl. VAT",
    "Net revenue excl. VAT",
    "Cost",
    "Gross margin",
  ],
  "stock-valuation": [
    "SKU",
    "Product",
    "Size",
    "Warehouse",
    "On hand",
    "Reserved",
    "Available",
    "Cost price",
    "Value at cost",
  ],
  "low-stock": ["SKU", "Product", "Size", "Warehouse", "Available", "Threshold", "Status"],
  "deliveries-by-day": [
    "Day",
    "Booked",
    "Delivered",
    "On the day",
    "Later",
    "Not delivered",
    "Not yet recorded",
  ],
  "vat-summary": [
    "Document",
    "Number",
    "Issue date",
    "Buyer",
    "Total incl. VAT",
    "VAT",
    "Total excl. VAT",
  ],
};

type Row = readonly CsvCell[];
const BATCH = 2000;

async function query(statement: SQL) {
  return rowsOf<Record<string, unknown>>(await db().execute(statement));
}

/** The rows of one quick report for a period (stock reports ignore it: they are now). */
export function quickReportRows(key: QuickReportKey, period: ReportPeriod): AsyncIterable<Row> {
  switch (key) {
    case "sales-by-day":
      return salesByDay(period);
    case "sales-by-product":
      return salesByProduct(period);
    case "stock-valuation":
      return stockLevelsRows(false);
    case "low-stock":
      return stockLevelsRows(true);
    case "vat-summary":
      return vatSummary(period);
    case "deliveries-by-day":
      return deliveriesByDay(period);
  }
}

/**
 * One row per day of the period (days of the shop's time zone): the deliveries booked for it
 * (those still booked, delivered or not, and those the driver could not make, whose booking was
 * given back), what the drivers recorded of them (docs/decisions/045) and what is still open.
 * "On the day" is a delivery recorded on its booked day in the shop's time zone.
 */
async function* deliveriesByDay(p: ReportPeriod): AsyncGenerator<Row> {
  const rows = await query(sql`
    with days as (
      select d::date as day from generate_series(${p.firstDay}::date, ${p.lastDay}::date, interval '1 day') d
    ), booked as (
      select b.day, count(*)::int as booked,
             (count(*) filter (where not exists (
               select 1 from delivery_proofs x where x.order_id = b.order_id and x.outcome = 'delivered'
             )))::int as open
      from delivery_bookings b
      where b.day between ${p.firstDay}::date and ${p.lastDay}::date
      group by b.day
    ), recorded as (
      select x.day,
             (count(*) filter (where x.outcome = 'delivered'))::int as delivered,
             (count(*) filter (where x.outcome = 'delivered'
               and (x.recorded_at at time zone ${p.timeZone})::date <= x.day))::int as on_day,
             (count(*) filter (where x.outcome = 'not_delivered'))::int as failed
      from delivery_proofs x
      where x.day between ${p.firstDay}::date and ${p.lastDay}::date
      group by x.day
    )
    select to_char(days.day, 'YYYY-MM-DD') as day,
           coalesce(b.booked, 0) + coalesce(r.failed, 0) as booked,
           coalesce(r.delivered, 0) as delivered, coalesce(r.on_day, 0) as on_day,
           coalesce(r.failed, 0) as failed, coalesce(b.open, 0) as open
    from days left join booked b using (day) left join recorded r using (day)
    order by days.day`);
  const total = { booked: 0, delivered: 0, onDay: 0, failed: 0, open: 0 };
  for (const r of rows) {
    const day = {
      booked: Number(r.booked),
      delivered: Number(r.delivered),
      onDay: Number(r.on_day),
      failed: Number(r.failed),
      open: Number(r.open),
    };
    for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += day[key];
    yield [
      String(r.day),
      day.booked,
      day.delivered,
      day.onDay,
      day.delivered - day.onDay,
      day.failed,
      day.open,
    ];
  }
  yield [
    "Total",
    total.booked,
    total.delivered,
    total.onDay,
    total.delivered - total.onDay,
    total.failed,
    total.open,
  ];
}

/** One row per day of the period (at most two years of days), days without sales as zero. */
async function* salesByDay(p: ReportPeriod): AsyncGenerator<Row> {
  const tz = p.timeZone;
  const rows = await query(sql`
    with days as (
      select d::date as day from generate_series(${p.firstDay}::date, ${p.lastDay}::date, interval '1 day') d
    ), sales as (
      select (e.occurred_at at time zone ${tz})::date as day,
             (count(*) filter (where e.kind = 'invoice'))::int as invoices,
             sum(e.amount_cents)::bigint as net, sum(e.vat_cents)::bigint as vat,
             coalesce(-sum(e.amount_cents) filter (where e.kind = 'credit_note'), 0)::bigint as credited,
             coalesce(sum(e.amount_cents) filter (where e.kind = 'charge_kept'), 0)::bigint as charges
      from sales_ledger e where e.kind in ${SALES} and ${occurredIn(p)} group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.invoices, 0) as invoices,
           coalesce(s.net, 0) as net, coalesce(s.vat, 0) as vat,
           coalesce(s.credited, 0) as credited, coalesce(s.charges, 0) as charges
    from days left join sales s using (day)
    order by days.day`);
  for (const r of rows) {
    const net = Number(r.net);
    const vat = Number(r.vat);
    yield [
      String(r.day),
      Number(r.invoices),
      randAmount(net),
      randAmount(vat),
      randAmount(net - vat),
      randAmount(Number(r.credited)),
      randAmount(Number(r.charges)),
    ];
  }
}

/**
 * Every SKU sold in the period from the sales ledger's lines, net of discounts and credit notes,
 * best-selling by revenue first, a batch at a time; delivery, lay-by charges and items outside
 * the catalogue are rows of their own (by description), so the closing total is net sales.
 */
async function* salesByProduct(p: ReportPeriod): AsyncGenerator<Row> {
  const key = sql`coalesce(nullif(l.sku, ''), l.description)`;
  const total = { units: 0, net: 0, exVat: 0 };
  for (let offset = 0; ; offset += BATCH) {
    const rows = await query(sql`
      select ${key} as sku, min(coalesce(pr.title, l.description)) as title, min(coalesce(v.size::text, '')) as size,
             sum(l.quantity)::bigint as units, sum(l.amount_cents)::bigint as revenue,
             sum(l.amount_cents - l.vat_cents)::bigint as ex_vat,
             case when bool_and(l.cost_cents is not null) then sum(l.cost_cents) end as cost
      from sales_ledger_lines l
      left join variants v on v.id = l.variant_id
      left join products pr on pr.id = l.product_id
      where ${occurredIn(p, "l")}
      group by ${key}
      order by sum(l.amount_cents) desc, ${key}
      limit ${BATCH} offset ${offset}`);
    for (const r of rows) {
      const exVatCents = Number(r.ex_vat);
      const cost = r.cost === null ? null : Number(r.cost);
      total.units += Number(r.units);
      total.net += Number(r.revenue);
      total.exVat += exVatCents;
      yield [
        String(r.sku),
        String(r.title),
        String(r.size),
        Number(r.units),
        randAmount(Number(r.revenue)),
        randAmount(exVatCents),
        cost === null ? "" : randAmount(cost),
        cost === null ? "" : randAmount(exVatCents - cost),
      ];
    }
    if (rows.length < BATCH) break;
  }
  yield [
    "Total",
    "Net sales",
    "",
    total.units,
    randAmount(total.net),
    randAmount(total.exVat),
    "",
    "",
  ];
}

/** The active warehouses' stock levels by SKU, keyset-paged on the levels' key. */
async function* stockLevelsRows(lowOnly: boolean): AsyncGenerator<Row> {
  const available = sql`(s.on_hand - s.reserved)`;
  let after = { variantId: 0, warehouseId: 0 };
  for (;;) {
    const rows = await query(sql`
      select s.variant_id, s.warehouse_id, v.sku, p.title, v.size, w.name as warehouse,
             s.on_hand, s.reserved, ${available} as available, s.low_stock_threshold, v.cost_cents
      from stock_levels s
      join warehouses w on w.id = s.warehouse_id and w.active
      join variants v on v.id = s.variant_id
      join products p on p.id = v.product_id
      where (s.variant_id, s.warehouse_id) > (${after.variantId}, ${after.warehouseId})
        ${lowOnly ? sql`and ${available} <= s.low_stock_threshold` : sql``}
      order by s.variant_id, s.warehouse_id
      limit ${BATCH}`);
    for (const r of rows) {
      const cost = r.cost_cents === null ? null : Number(r.cost_cents);
      const onHand = Number(r.on_hand);
      const free = Number(r.available);
      const common = [String(r.sku), String(r.title), String(r.size), String(r.warehouse)];
      yield lowOnly
        ? [...common, free, Number(r.low_stock_threshold), free <= 0 ? "Out of Stock" : "Low Stock"]
        : [
            ...common,
            onHand,
            Number(r.reserved),
            free,
            cost === null ? "" : randAmount(cost),
            randAmount(onHand * (cost ?? 0)),
          ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = { variantId: Number(last.variant_id), warehouseId: Number(last.warehouse_id) };
  }
}

const DOCUMENT_LABELS: Record<string, string> = {
  invoice: "Tax invoice",
  credit_note: "Credit note",
  charge_kept: "Lay-by charge kept",
};

/**
 * The sales ledger's rows of the period, in the order they happened: tax invoices issued, credit
 * notes, and the lay-by cancellation charges kept (VAT included, as any consideration the shop
 * keeps); then the totals and the output VAT, whose total is net sales.
 */
async function* vatSummary(p: ReportPeriod): AsyncGenerator<Row> {
  const totals: Record<string, [number, number]> = {
    invoice: [0, 0],
    credit_note: [0, 0],
    charge_kept: [0, 0],
  };
  let after = { at: "0001-01-01T00:00:00Z", id: 0 };
  for (;;) {
    const rows = await query(sql`
      select e.id, e.kind, e.occurred_at, e.amount_cents, e.vat_cents,
             coalesce(i.number, c.number) as number, o.number as order_number,
             to_char(coalesce(i.issue_date, c.issue_date, (e.occurred_at at time zone 'Africa/Johannesburg')::date), 'YYYY-MM-DD') as day,
             coalesce(i.buyer_name, ci.buyer_name, trim(o.first_name || ' ' || o.last_name)) as buyer
      from sales_ledger e
      left join invoices i on e.kind = 'invoice' and i.id = e.source_id
      left join credit_notes c on e.kind = 'credit_note' and c.id = e.source_id
      left join invoices ci on ci.id = c.invoice_id
      left join orders o on e.kind = 'charge_kept' and o.id = e.order_id
      where e.kind in ${SALES} and ${occurredIn(p)}
        and (e.occurred_at, e.id) > (${after.at}::timestamptz, ${after.id})
      order by e.occurred_at, e.id limit ${BATCH}`);
    for (const r of rows) {
      const kind = String(r.kind);
      const total = Number(r.amount_cents);
      const vat = Number(r.vat_cents);
      totals[kind]![0] += total;
      totals[kind]![1] += vat;
      const number =
        kind === "invoice"
          ? formatInvoiceNumber(Number(r.number))
          : kind === "credit_note"
            ? formatCreditNoteNumber(Number(r.number))
            : `Order #${String(r.order_number ?? "")}`;
      yield [
        DOCUMENT_LABELS[kind] ?? kind,
        number,
        String(r.day),
        String(r.buyer ?? ""),
        randAmount(total),
        randAmount(vat),
        randAmount(total - vat),
      ];
    }
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    after = { at: new Date(String(last.occurred_at)).toISOString(), id: Number(last.id) };
  }
  const line = (label: string, [total, vat]: [number, number]): Row => [
    label,
    "",
    `${p.firstDay} to ${p.lastDay}`,
    "",
    randAmount(total),
    randAmount(vat),
    randAmount(total - vat),
  ];
  const sum = Object.values(totals).reduce<[number, number]>(
    (n, [t, v]) => [n[0] + t, n[1] + v],
    [0, 0],
  );
  yield line("Total tax invoices", totals.invoice!);
  yield line("Less credit notes", totals.credit_note!);
  yield line("Lay-by charges kept", totals.charge_kept!);
  yield line("Output VAT", sum);
}
