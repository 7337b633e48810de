import fs from "node:fs";
import pg from "pg";
import { benchAdminLists, signInOwner, type LatencyResult } from "./admin-lists";
import { serverProcesses } from "./scale";

/**
 * `count` orders over the last two years written straight into the database, as two years of
 * trading would leave them: about 85% paid (paid a few minutes after being placed), one to three
 * lines each of the catalogue's variants, buyers drawn from a pool a third the size (so many
 * return), a dozen towns, each paid order with its tax invoice, one paid order in a hundred
 * refunded in part with its credit note, and the sales ledger recorded from them.
 */
export async function seedReportOrders(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `delete from sales_ledger_lines; delete from sales_ledger; delete from refunds;
       delete from credit_note_lines; delete from credit_notes; delete from invoice_lines;
       delete from invoices; delete from order_lines; delete from orders`,
    );
    await client.query(
      `insert into orders (token, idempotency_key, status, payment_status, stock_hold,
         first_name, last_name, email, phone, address, city, postal_code, delivery_method,
         payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents, pay_by,
         paid_at, created_at, updated_at)
       select md5('t' || g), md5('k' || g),
         (case when g % 7 = 0 then 'cancelled' when g % 3 = 0 then 'processing' else 'completed' end)::order_status,
         (case when g % 7 = 0 then 'unpaid' else 'paid' end)::payment_status,
         (case when g % 7 = 0 then 'released' else 'sold' end)::stock_hold,
         'Buyer', 'No ' || g, 'buyer' || (g * 7919 % ($1::int / 3 + 1)) || '@example.com',
         '082 555 0000', g || ' Main Road',
         (array['Lichtenburg','Mahikeng','Potchefstroom','Klerksdorp','Rustenburg','Zeerust',
                'Vryburg','Brits','Coligny','Delareyville','Sannieshof','Ottosdal'])[1 + g % 12],
         '2740', 'standard', 'card',
         0, 0, 0, 0, now(),
         case when g % 7 = 0 then null else now() - (g * (730.0 / $1::int)) * interval '1 day' + interval '5 minutes' end,
         now() - (g * (730.0 / $1::int)) * interval '1 day', now()
       from generate_series(1, $1::int) g`,
      [count],
    );
    await client.query(
      `insert into order_lines (order_id, variant_id, product_id, title, size, sku, unit_price_cents,
         quantity, line_total_cents, position)
       select o.id, v.id, v.product_id, p.title, v.size, v.sku, v.price_cents, 1 + (o.id + n) % 2,
         v.price_cents * (1 + (o.id + n) % 2), n
       from (select array_agg(id order by id) as ids from variants) vs
       cross join orders o
       cross join lateral generate_series(0, o.id % 3) n
       join variants v on v.id = vs.ids[1 + (o.id * 31 + n * 17) % array_length(vs.ids, 1)]
       join products p on p.id = v.product_id`,
    );
    await client.query(
      `update orders o set subtotal_cents = s.total, total_cents = s.total,
         vat_cents = round(s.total * 15 / 115.0)
       from (select order_id, sum(line_total_cents)::int as total from order_lines group by order_id) s
       where s.order_id = o.id`,
    );
    // Each paid order's tax invoice, issued when paid, with its order's lines.
    await client.query(
      `insert into invoices (number, order_id, order_number, status, issue_date, seller, buyer_name,
         total_cents, vat_cents, paid_at, created_by, created_at, updated_at)
       select 900000 + row_number() over (order by o.id), o.id, o.number, 'paid',
         (o.paid_at at time zone 'Africa/Johannesburg')::date, '{}'::jsonb, 'Buyer',
         o.total_cents, o.vat_cents, o.paid_at, 'system', o.paid_at, o.paid_at
       from orders o where o.paid_at is not null`,
    );
    await client.query(
      `insert into invoice_lines (invoice_id, position, description, sku, variant_id, quantity,
         unit_price_cents, line_total_cents)
       select i.id, l.position, l.title || ', ' || l.size, l.sku, l.variant_id, l.quantity,
         l.unit_price_cents, l.line_total_cents
       from invoices i join order_lines l on l.order_id = i.order_id`,
    );
    // One paid order in a hundred refunded in part three days later, with its credit note.
    await client.query(
      `with refunded as (
         select i.id as invoice_id, o.id as order_id, greatest(o.total_cents / 4, 100) as amount,
           o.paid_at + interval '3 days' as at, row_number() over (order by o.id) as n
         from orders o join invoices i on i.order_id = o.id
         where o.paid_at is not null and o.id % 100 = 1
       ), notes as (
         insert into credit_notes (number, invoice_id, issue_date, reason, total_cents, vat_cents,
           created_by, created_at)
         select 900000 + r.n, r.invoice_id, (r.at at time zone 'Africa/Johannesburg')::date, 'Bench',
           r.amount, round(r.amount * 15 / 115.0), 'bench', r.at
         from refunded r returning id, invoice_id, total_cents
       ), note_lines as (
         insert into credit_note_lines (credit_note_id, position, description, quantity,
           unit_price_cents, line_total_cents)
         select n.id, 0, 'Refund: Bench', 1, n.total_cents, n.total_cents from notes n
       )
       insert into refunds (order_id, invoice_id, credit_note_id, method, amount_cents, reason,
         status, created_by, created_at, updated_at)
       select r.order_id, r.invoice_id, n.id, 'eft', r.amount, 'Bench', 'completed', 'bench', r.at, r.at
       from refunded r join notes n on n.invoice_id = r.invoice_id`,
    );
    // The sales ledger, recorded by the upgrade's own statements (migration "sales_ledger").
    for (const statement of ledgerBackfill()) await client.query(statement);
    await client.query(
      "vacuum analyze orders, order_lines, invoices, invoice_lines, credit_notes, refunds, sales_ledger, sales_ledger_lines",
    );
  } finally {
    await client.end();
  }
}

/** The hand-written part of the sales ledger's migration: it records a shop's history. */
function ledgerBackfill(): string[] {
  const file = fs.readdirSync("drizzle").find((f) => /^\d{4}_sales_ledger\.sql$/.test(f));
  const text = fs.readFileSync(`drizzle/${file}`, "utf8");
  const [, handWritten = ""] = text.split(/^-- hand-written$/m);
  return handWritten
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The reports page as staff load it, one request at a time (see benchAdminLists). */
export function benchReportsPage(base: string): Promise<Record<string, LatencyResult>> {
  return benchAdminLists(base, {
    "reports, this year": "/admin/reports?period=this-year",
    "reports, this month": "/admin/reports?period=this-month",
    "reports, two years (custom)": `/admin/reports?period=custom&from=${daysAgo(729)}&to=${daysAgo(0)}`,
  });
}

export type ExportResult = {
  ms: number;
  bytes: number;
  rows: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]) / 1024);
  } catch {
    return 0;
  }
}

/**
 * Each quick report's CSV for the last 365 days, downloaded one after another: time, size, and
 * the server process's resident memory before the download and at its peak (sampled every 20 ms).
 */
export async function benchReportExports(
  base: string,
  shopPid: number,
): Promise<Record<string, ExportResult>> {
  const cookie = await signInOwner(base);
  const pid = serverProcesses(shopPid)[0]!;
  const query = `period=custom&from=${daysAgo(364)}&to=${daysAgo(0)}`;
  const results: Record<string, ExportResult> = {};
  for (const report of [
    "sales-by-day",
    "sales-by-product",
    "stock-valuation",
    "low-stock",
    "vat-summary",
  ]) {
    const rssBeforeMb = rssMb(pid);
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 20);
    const started = performance.now();
    const response = await fetch(`${base}/admin/reports/export/${report}?${query}`, {
      headers: { cookie },
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`${report} answered ${response.status}`);
    }
    let bytes = 0;
    let rows = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) rows++;
    }
    const ms = Math.round(performance.now() - started);
    clearInterval(sampler);
    rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    results[report] = { ms, bytes, rows: rows - 1, rssBeforeMb, rssPeakMb };
  }
  return results;
}
