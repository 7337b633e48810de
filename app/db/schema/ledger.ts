import { sql } from "drizzle-orm";
import {
  bigserial,
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * What a ledger row records (docs/decisions/029). Sales: a tax invoice issued (+), a credit note
 * issued (-), a lay-by cancellation charge the shop keeps (+). Cash: money received online, at
 * the showroom or for a hand-made invoice (+), money paid back for an order, a cancelled
 * lay-by or a credited hand-made invoice (-), and interest the shop paid on a lay-by's money
 * when it could not supply the goods (-: money the shop pays, neither a sale nor money back).
 */
export const ledgerKind = pgEnum("ledger_kind", [
  "invoice",
  "credit_note",
  "charge_kept",
  "payment_received",
  "showroom_payment",
  "invoice_payment",
  "refund_paid",
  "layby_refund_paid",
  "invoice_paid_back",
  "interest_paid",
]);

export const SALES_KINDS = ["invoice", "credit_note", "charge_kept"] as const;
export const CASH_KINDS = [
  "payment_received",
  "showroom_payment",
  "invoice_payment",
  "refund_paid",
  "layby_refund_paid",
  "invoice_paid_back",
  "interest_paid",
] as const;

/**
 * One row per money event, written in the transaction of the event and never updated. Amounts
 * are signed cents, VAT included (a credit note and money paid back are negative), so a
 * period's figure is one sum. `source_id` is the id of the row it records in the table its kind
 * names (invoices, credit_notes, layby_plans, payments, layby_payments, invoices, refunds,
 * refund_parts: a lay-by's refund is paid out part by part, credit_notes, refund_parts): the unique key makes recording
 * twice a no-op.
 */
export const salesLedger = pgTable(
  "sales_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: ledgerKind("kind").notNull(),
    sourceId: integer("source_id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** Null for a hand-made invoice and its payments. */
    orderId: integer("order_id"),
    invoiceId: integer("invoice_id"),
    /** The lay-by plan the money was paid into or out of. */
    planId: integer("plan_id"),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    /** The VAT in the amount; 0 for cash movements. */
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
  },
  (t) => [
    uniqueIndex("sales_ledger_source_idx").on(t.kind, t.sourceId),
    // A period's figures read from this index alone (bench/README.md, reports).
    index("sales_ledger_period_idx").on(t.occurredAt, t.kind, t.amountCents, t.vatCents),
    // A customer's net spent: their orders' rows (the Customers section).
    index("sales_ledger_order_idx")
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index("sales_ledger_plan_idx")
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
  ],
);

/**
 * A sales row's lines, so product figures read the same money: each line's amount is after its
 * share of the document's discount, and the lines add up to the row's amount and VAT. Cost is
 * the units' cost price when recorded (null when the size had none). Negative for a credit note.
 */
export const salesLedgerLines = pgTable(
  "sales_ledger_lines",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entryId: bigint("entry_id", { mode: "number" })
      .notNull()
      .references(() => salesLedger.id),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The invoice line's position (for a credit note: the line it credits). */
    position: smallint("position"),
    productId: integer("product_id"),
    variantId: integer("variant_id"),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    /** Units sold (negative: returned); 0 for an amount credited or a charge. */
    quantity: integer("quantity").notNull(),
    amountCents: bigint("amount_cents", { mode: "number" }).notNull(),
    vatCents: bigint("vat_cents", { mode: "number" }).notNull(),
    costCents: bigint("cost_cents", { mode: "number" }),
  },
  (t) => [
    index("sales_ledger_lines_entry_idx").on(t.entryId),
    index("sales_ledger_lines_period_idx").on(
      t.occurredAt,
      t.productId,
      t.quantity,
      t.amountCents,
      t.vatCents,
      t.costCents,
    ),
  ],
);
