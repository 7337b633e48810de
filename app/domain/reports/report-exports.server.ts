import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";
import { formatCreditNoteNumber, formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import type { CsvCell } from "~/lib/csv.server";
import { randAmount } from "~/lib/money";
import type { ReportPeriod } from "./report-period";
import { paidIn, rowsOf } from "./sales-figures.server";

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
    description: "Paid orders, revenue with and without VAT, and refunds, day by day.",
    usesPeriod: true,
  },
  "sales-by-product": {
    title: "Sales by Product",
    description: "Units, revenue and gross margin of every SKU sold.",
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
  "vat-summary": {
    title: "VAT Summary",
    description: "Output VAT on tax invoices issued, less VAT on credit notes.",
    usesPeriod: true,
  },
};

export const QUICK_REPORT_HEADERS: Record<QuickReportKey, readonly string[]> = {
  "sales-by-day": ["Day", "Orders", "Revenue incl. VAT", "VAT", "Revenue excl. VAT", "Refunds"],
  "sales-by-product": [
    "SKU",
    "Product",
    "Size",
    "Units",
    "Revenue incl. VAT",
    "Revenue excl. VAT",
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
const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
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
  }
}

/** One row per day of the period (at most two years of days), days without sales as zero. */
async function* salesByDay(p: ReportPeriod): AsyncGenerator<Row> {
  const tz = p.timeZone;
  const rows = await query(sql`
    with days as (
      select d::date as day from generate_series(${p.firstDay}::date, ${p.lastDay}::date, interval '1 day') d
    ), sales as (
      select (o.paid_at at time zone ${tz})::date as day, count(*)::int as orders,
             sum(o.total_cents)::bigint as revenue, sum(o.vat_cents)::bigint as vat
      from orders o where ${paidIn(p)} group by 1
    ), refunded as (
      select (r.created_at at time zone ${tz})::date as day, sum(r.amount_cents)::bigint as refunds
      from refunds r
      where r.status = 'completed' and r.created_at >= ${at(p.start)} and r.created_at < ${at(p.end)}
      group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.orders, 0) as orders,
           coalesce(s.revenue, 0) as revenue, coalesce(s.vat, 0) as vat,
           coalesce(r.refunds, 0) as refunds
    from days left join sales s using (day) left join refunded r using (day)
    order by days.day`);
  for (const r of rows) {
    const revenue = Number(r.revenue);
    const vat = Number(r.vat);
    yield [
      String(r.day),
      Number(r.orders),
      randAmount(revenue),
      randAmount(vat),
      randAmount(revenue - vat),
      randAmount(Number(r.refunds)),
    ];
  }
}

/** Every SKU sold in the period, best-selling by revenue first, a batch at a time. */
async function* salesByProduct(p: ReportPeriod): AsyncGenerator<Row> {
  const exVat = sql.raw(`100.0 / ${100 + VAT_RATE_PERCENT}`);
  for (let offset = 0; ; offset += BATCH) {
    const rows = await query(sql`
      select l.sku, min(l.title) as title, min(l.size) as size, sum(l.quantity)::bigint as units,
             sum(l.line_total_cents)::bigint as revenue,
             round(sum(l.line_total_cents * ${exVat}))::bigint as ex_vat,
             case when bool_and(v.cost_cents is not null)
                  then sum(l.quantity * v.cost_cents::bigint) end as cost
      from orders o
      join order_lines l on l.order_id = o.id
      left join variants v on v.id = l.variant_id
      where ${paidIn(p)}
      group by l.sku
      order by sum(l.line_total_cents) desc, l.sku
      limit ${BATCH} offset ${offset}`);
    for (const r of rows) {
      const exVatCents = Number(r.ex_vat);
      const cost = r.cost === null ? null : Number(r.cost);
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
    if (rows.length < BATCH) return;
  }
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

/**
 * Tax invoices issued in the period (sent or paid: a draft is not issued, a cancelled one is
 * void) and credit notes, then the output VAT: invoices' VAT less credit notes' VAT.
 */
async function* vatSummary(p: ReportPeriod): AsyncGenerator<Row> {
  const totals = { invoices: [0, 0], credits: [0, 0] };
  const documents = [
    {
      kind: "invoices",
      label: "Tax invoice",
      table: sql`invoices`,
      buyer: sql`d.buyer_name`,
      where: sql`d.status in ('sent', 'paid')`,
      number: formatInvoiceNumber,
    },
    {
      kind: "credits",
      label: "Credit note",
      table: sql`credit_notes`,
      buyer: sql`(select i.buyer_name from invoices i where i.id = d.invoice_id)`,
      where: sql`true`,
      number: formatCreditNoteNumber,
    },
  ] as const;
  for (const doc of documents) {
    let after = { day: "0001-01-01", id: 0 };
    for (;;) {
      const rows = await query(sql`
        select d.id, d.number, to_char(d.issue_date, 'YYYY-MM-DD') as day, ${doc.buyer} as buyer,
               d.total_cents, d.vat_cents
        from ${doc.table} d
        where ${doc.where} and d.issue_date between ${p.firstDay}::date and ${p.lastDay}::date
          and (d.issue_date, d.id) > (${after.day}::date, ${after.id})
        order by d.issue_date, d.id limit ${BATCH}`);
      for (const r of rows) {
        const total = Number(r.total_cents);
        const vat = Number(r.vat_cents);
        totals[doc.kind][0]! += total;
        totals[doc.kind][1]! += vat;
        yield [
          doc.label,
          doc.number(Number(r.number)),
          String(r.day),
          String(r.buyer ?? ""),
          randAmount(total),
          randAmount(vat),
          randAmount(total - vat),
        ];
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = { day: String(last.day), id: Number(last.id) };
    }
  }
  const [invoiced, invoiceVat] = totals.invoices as [number, number];
  const [credited, creditVat] = totals.credits as [number, number];
  const line = (label: string, total: number, vat: number): Row => [
    label,
    "",
    `${p.firstDay} to ${p.lastDay}`,
    "",
    randAmount(total),
    randAmount(vat),
    randAmount(total - vat),
  ];
  yield line("Total tax invoices", invoiced, invoiceVat);
  yield line("Less credit notes", credited, creditVat);
  yield line("Output VAT", invoiced - credited, invoiceVat - creditVat);
}
