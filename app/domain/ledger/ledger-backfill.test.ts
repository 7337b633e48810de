import fs from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as cash from "./cash-statements";
import * as sales from "./sales-statements";

const everything = sql`true`;
const invoiceEntries = sales.invoiceEntries(everything);
const invoiceLines = sales.invoiceLines(everything);
const creditNoteLines = sales.creditNoteLines(everything);
const chargeEntries = sales.chargeEntries(everything);
const invoicePayment = cash.invoicePaymentEntries(everything);
const showroomPayment = cash.showroomPaymentEntries(everything);
/** In the order the backfill must run them: a credit note's lines read its invoice's. */
const STATEMENTS = [
  invoiceEntries,
  invoiceLines,
  sales.creditNoteEntries(everything),
  creditNoteLines,
  chargeEntries,
  sales.chargeLines(everything),
  cash.paymentEntries(everything),
  showroomPayment,
  invoicePayment,
];
/**
 * The backfill's last two statements recorded refunds paid out, a lay-by's from their own table
 * (layby_refunds), which a later migration carried onto refunds and refund parts with their
 * ledger rows (its own test: tests/integration/layby/one-refunds-table-migration.test.ts); the
 * live statements read the one refunds table now.
 */
const CARRIED_OVER = 2;

/**
 * The hand-made invoices' payments as migration 0028 recorded them, and live writes did until
 * 0034: at the invoice's full total, even when credit notes had reduced what the buyer owed.
 */
const SHIPPED_INVOICE_PAYMENT = `insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'invoice_payment', i.id, i.paid_at, null::int, i.id, null::int, i.total_cents, 0
  from invoices i where i.order_id is null and i.status = 'paid' and i.paid_at is not null and true
  order by i.id on conflict (kind, source_id) do nothing;`;

/**
 * The showroom's lay-by money as 0028 recorded it, one row per instalment paid there: before
 * part payments each was paid whole by one receipt. Migration 0042 moved those rows onto the
 * payments received it made of them (layby_payments), which the live statement reads.
 */
const SHIPPED_SHOWROOM_PAYMENT = `insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, plan_id, amount_cents, vat_cents)
  select 'showroom_payment', n.id, n.paid_at, lp.order_id, null::int, n.plan_id, n.amount_cents, 0
  from layby_instalments n join layby_plans lp on lp.id = n.plan_id
  where n.paid_at is not null and n.payment_id is null and n.recorded_by is not null and true
  order by n.id on conflict (kind, source_id) do nothing;`;

/**
 * Invoices and charges kept as 0028 recorded them, before a charge had its own invoice
 * (migration 0059): no invoice was a charge's then, so every issued invoice was a sale, and a
 * charge's VAT was 15/115 of it. The live statements leave the charge's invoice to the charge
 * kept and take its VAT from that invoice (none from a shop without a VAT number).
 */
const SHIPPED_INVOICE_ENTRIES = `insert into sales_ledger (kind, source_id, occurred_at, order_id, invoice_id, amount_cents, vat_cents)
  select 'invoice', i.id, case when i.order_id is not null then i.created_at
  when (i.sent_at at time zone 'Africa/Johannesburg')::date = i.issue_date then i.sent_at
  else (i.issue_date + time '12:00') at time zone 'Africa/Johannesburg' end, i.order_id, i.id, i.total_cents, i.vat_cents
  from invoices i where i.status in ('sent', 'paid') and true
  order by i.id
  on conflict (kind, source_id) do nothing;`;
const SHIPPED_CHARGE_ENTRIES = `insert into sales_ledger (kind, source_id, occurred_at, order_id, plan_id, amount_cents, vat_cents)
  select 'charge_kept', p.id, p.cancelled_at, p.order_id, p.id, p.charge_cents, round(p.charge_cents::numeric * 15 / 115)::bigint
  from layby_plans p
  where p.status = 'cancelled' and p.charge_cents > 0 and p.cancelled_at is not null and true
  order by p.id
  on conflict (kind, source_id) do nothing;`;

const words = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * The invoice's and credit note's lines as 0028 recorded them, and live writes did until 0058:
 * the discount spread over all the goods by what they cost. Since 0058 an invoice's goods lines
 * carry their own shares of it (docs/decisions/042), and the lines spread it by those when they
 * do; a shop upgraded from before has no shares until 0058, which gives them and corrects the
 * invoices' lines it changes. What changed, put back:
 */
const INVOICE_SPREAD: [string, string][] = [
  [
    "il.line_total_cents, il.discount_cents, il.line_total_cents > 0",
    "il.line_total_cents, il.line_total_cents > 0",
  ],
  [", bool_or(goods and discount_cents > 0) as has_shares", ""],
  [
    "case when d.has_shares then l.discount_cents else l.line_total_cents end as w",
    "l.line_total_cents as w",
  ],
];
const CREDIT_NOTE_SPREAD: [string, string][] = [
  [
    "cl.*, coalesce(ivl.discount_cents::numeric * cl.quantity / ivl.quantity, 0) as dw from e join credit_note_lines cl on cl.credit_note_id = e.source_id left join invoice_lines ivl on ivl.invoice_id = e.invoice_id and ivl.position = cl.invoice_line_position )",
    "cl.* from e join credit_note_lines cl on cl.credit_note_id = e.source_id )",
  ],
  [", coalesce(bool_or(cl.dw > 0), false) as by_shares", ""],
  [
    "case when h.by_shares then cl.dw else cl.line_total_cents end as w",
    "cl.line_total_cents as w",
  ],
];

function asShipped(statement: string, changes: [string, string][]) {
  return changes.reduce((text, [now, then]) => {
    expect(text).toContain(now);
    return text.replace(now, then);
  }, statement);
}

function handWritten(name: string) {
  const file = fs.readdirSync("drizzle").find((f) => new RegExp(`^\\d{4}_${name}\\.sql$`).test(f))!;
  const [, part = ""] = fs.readFileSync(`drizzle/${file}`, "utf8").split(/^-- hand-written$/m);
  return part
    .split("--> statement-breakpoint")
    .map((s) => words(s.replace(/^--.*$/gm, "")))
    .filter(Boolean);
}

function rendered(statement: SQL) {
  const query = new PgDialect().sqlToQuery(statement);
  expect(query.params).toEqual([]);
  return words(`${query.sql.replace(/ returning id$/, "")};`);
}

/*
 * An upgraded shop's ledger is 0028's backfill, then 0034's correction. Together they must be
 * what the live writes' statements record: these tests hold the text to the statements, and
 * tests/integration/ledger runs both migrations' SQL on a database and compares the ledger with
 * the live writes' (net-sales.test.ts, credited-before-paid.test.ts).
 */
describe("the sales ledger's backfill", () => {
  it("is the live writes' own statements in 0028, but for hand-made invoices' and the showroom's payments and the discount's spread as shipped", () => {
    const expected = STATEMENTS.map(rendered);
    expected[STATEMENTS.indexOf(invoicePayment)] = words(SHIPPED_INVOICE_PAYMENT);
    expected[STATEMENTS.indexOf(showroomPayment)] = words(SHIPPED_SHOWROOM_PAYMENT);
    const [i, c] = [STATEMENTS.indexOf(invoiceLines), STATEMENTS.indexOf(creditNoteLines)];
    expected[i] = asShipped(expected[i]!, INVOICE_SPREAD);
    expected[c] = asShipped(expected[c]!, CREDIT_NOTE_SPREAD);
    expected[STATEMENTS.indexOf(invoiceEntries)] = words(SHIPPED_INVOICE_ENTRIES);
    expected[STATEMENTS.indexOf(chargeEntries)] = words(SHIPPED_CHARGE_ENTRIES);
    const inMigration = handWritten("sales_ledger");
    expect(inMigration.slice(0, -CARRIED_OVER)).toEqual(expected);
    expect(inMigration.at(-2)).toContain("from refunds r");
    expect(inMigration.at(-1)).toContain("from layby_refunds");
  });

  it("has those payments recorded again by the live statement in 0034, for invoices credited before they were paid", () => {
    const [remove, record, ...rest] = handWritten("ledger_credited_before_paid");
    expect(rest).toEqual([]);
    // Only payment rows go, and only those of invoices with a note that just reduced what was owed.
    expect(remove).toBe(
      words(`delete from sales_ledger e where e.kind = 'invoice_payment'
        and exists (select 1 from credit_notes c where c.invoice_id = e.source_id and not c.pay_back_due);`),
    );
    expect(record).toBe(rendered(invoicePayment));
  });
});
