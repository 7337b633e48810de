import fs from "node:fs";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { manualInvoiceFormSchema } from "~/domain/invoicing/manual-invoice-schemas";
import { createManualInvoice } from "~/domain/invoicing/save-manual-invoice.server";
import {
  laybyRefundPaidEntries,
  refundPaidEntries,
  showroomPaymentEntries,
} from "~/domain/ledger/cash-statements";
import { sendInvoice } from "~/domain/invoicing/send-invoice.server";
import { chargeEntries, invoiceEntries } from "~/domain/ledger/sales-statements";
import { parseForm } from "~/lib/forms";

/** A phone order's invoice for `quantity` of a catalogue SKU and a line of free text, sent (issued). */
export async function sentHandMadeInvoice(options: {
  sku: string;
  quantity: number;
  actor: { id: string; email: string };
  now?: Date;
}) {
  const parsed = parseForm(manualInvoiceFormSchema, {
    buyerName: "Pule Furniture Co-op",
    buyerEmail: "orders@pule-coop.example",
    buyerPhone: "",
    buyerAddress: "14 Nelson Mandela Drive\nMahikeng 2745",
    buyerVatNumber: "",
    notes: "",
    "lines.0.sku": options.sku,
    "lines.0.quantity": String(options.quantity),
    "lines.0.unitPrice": "",
    "lines.1.description": "Delivery and setting up in Mahikeng",
    "lines.1.quantity": "1",
    "lines.1.unitPrice": "R 650.00",
  });
  if (!parsed.ok) throw new Error(`Refused: ${JSON.stringify(parsed.fieldErrors)}`);
  const created = await createManualInvoice({
    input: parsed.data,
    actor: options.actor,
    now: options.now,
  });
  await sendInvoice({ invoiceId: created.id, actor: options.actor, now: options.now });
  return created;
}

/** The ledger as comparable rows: each row by what it records, each line by its row's. */
export async function ledgerSnapshot() {
  const entries = rowsOf<Record<string, unknown>>(
    await db().execute(
      sql`select kind, source_id, occurred_at::text as at, order_id, invoice_id, plan_id,
                 amount_cents::bigint::text as amount, vat_cents::bigint::text as vat
          from sales_ledger order by kind, source_id`,
    ),
  );
  const lines = rowsOf<Record<string, unknown>>(
    await db().execute(
      sql`select e.kind, e.source_id, l.occurred_at::text as at, l.position, l.product_id,
                 l.variant_id, l.sku, l.description, l.quantity, l.amount_cents::text as amount,
                 l.vat_cents::text as vat, l.cost_cents::text as cost
          from sales_ledger_lines l join sales_ledger e on e.id = l.entry_id
          order by e.kind, e.source_id, l.position nulls first, l.amount_cents, l.id`,
    ),
  );
  return { entries, lines };
}

/** The statements of a migration's hand-written part, by the end of its name. */
export function handWrittenStatements(name: string): string[] {
  const dir = "drizzle";
  const file = fs.readdirSync(dir).find((f) => new RegExp(`^\\d{4}_${name}\\.sql$`).test(f));
  if (!file) throw new Error(`The migration ${name} is missing.`);
  const text = fs.readFileSync(`${dir}/${file}`, "utf8");
  const [, handWritten] = text.split(/^-- hand-written$/m);
  if (!handWritten) throw new Error(`${file} has no hand-written part.`);
  return handWritten
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * What an upgraded shop's ledger went through, in order: the backfill of the migration that
 * created the ledger, then the correction of hand-made invoices credited before they were paid
 * (the backfill recorded their payment at the full total), and the invoices' lines spread again
 * once their goods carry their shares of the discount.
 */
export function upgradeStatements(): string[] {
  const live = (statement: SQL) =>
    new PgDialect().sqlToQuery(statement).sql.replace(/ returning id$/, "");
  return [
    // The backfill's last two statements, the refunds paid out, read a lay-by's from their own
    // table (layby_refunds), which a later migration carried onto refunds and refund parts with
    // their ledger rows; on today's tables those two are the live ones.
    // The showroom's lay-by money was one row per instalment until part payments (0042 moved
    // those rows onto the payments received): on today's tables it is the live statement.
    // A charge kept has had its invoice since 0059 (before it, no invoice was a charge's): on
    // today's tables the invoices' and the charges' statements are the live ones.
    ...handWrittenStatements("sales_ledger")
      .slice(0, -2)
      .map((s) =>
        s.includes("'showroom_payment'")
          ? live(showroomPaymentEntries(sql`true`))
          : s.includes("select 'invoice', i.id")
            ? live(invoiceEntries(sql`true`))
            : s.includes("select 'charge_kept', p.id")
              ? live(chargeEntries(sql`true`))
              : s,
      ),
    live(refundPaidEntries(sql`true`)),
    live(laybyRefundPaidEntries(sql`true`)),
    ...handWrittenStatements("ledger_credited_before_paid"),
    // Invoices' lines spread again by the shares their goods carry (docs/decisions/042).
    ...handWrittenStatements("line_discounts").filter((s) =>
      s.includes("update sales_ledger_lines"),
    ),
  ];
}

/** Sales rows whose lines do not add up to the row's amount or VAT (none, by construction). */
export async function rowsWhoseLinesDoNotAddUp() {
  return rowsOf<Record<string, unknown>>(
    await db().execute(
      sql`select e.kind, e.source_id, e.amount_cents, e.vat_cents,
                 coalesce(sum(l.amount_cents), 0) as lines_amount,
                 coalesce(sum(l.vat_cents), 0) as lines_vat
          from sales_ledger e left join sales_ledger_lines l on l.entry_id = e.id
          where e.kind in ('invoice', 'credit_note', 'charge_kept')
          group by e.id
          having coalesce(sum(l.amount_cents), 0) <> e.amount_cents
              or coalesce(sum(l.vat_cents), 0) <> e.vat_cents`,
    ),
  );
}
