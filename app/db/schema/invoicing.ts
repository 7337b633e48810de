import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { variants } from "./catalog";
import { warehouses } from "./inventory";
import { laybyPlans } from "./layby";
import { orders } from "./orders";

/** Overdue is not stored: a sent invoice whose due date has passed. */
export const invoiceStatus = pgEnum("invoice_status", ["draft", "sent", "paid", "cancelled"]);

/** The seller as the invoice printed it on the day it was issued (VAT Act s20(4)(a)-(b)). */
export type InvoiceSeller = {
  storeName: string;
  legalName: string;
  registrationNumber: string;
  vatNumber: string;
  addressLines: string[];
  phone: string;
  email: string;
};

/**
 * The text the back office's invoice search looks in: invoice number, order number, customer's
 * name and e-mail. The list's query uses the same expression, so its trigram index serves it.
 */
export function invoiceSearchText(t: {
  number: AnyPgColumn;
  orderNumber: AnyPgColumn;
  buyerName: AnyPgColumn;
  buyerEmail: AnyPgColumn;
}) {
  return sql`('INV-' || lpad(${t.number}::text, 6, '0') || ' ' || coalesce(${t.orderNumber}::text, '') || ' ' || ${t.buyerName} || ' ' || ${t.buyerEmail})`;
}

/**
 * A tax invoice. Everything it prints is kept on it (seller, buyer, lines, amounts), so a later
 * change to a product, an order or the shop's details never changes an invoice once issued.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    /** Gapless, from the "invoice" document counter; shown as INV-000001. */
    number: integer("number").notNull().unique(),
    /** The web order it invoices; null for an invoice made by staff (a phone order). */
    orderId: integer("order_id")
      .unique()
      .references(() => orders.id),
    /**
     * The cancelled lay-by whose cancellation charge this invoice documents (the ledger
     * records it as the charge kept, not as a sale of goods); null for any other invoice.
     */
    laybyPlanId: integer("layby_plan_id")
      .unique()
      .references(() => laybyPlans.id),
    /** Kept with the invoice, so it is searchable and printable without the order. */
    orderNumber: integer("order_number"),
    status: invoiceStatus("status").notNull(),
    issueDate: date("issue_date").notNull(),
    dueDate: date("due_date"),
    seller: jsonb("seller").$type<InvoiceSeller>().notNull(),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull().default(""),
    buyerPhone: text("buyer_phone").notNull().default(""),
    /** The buyer's address, one line per line. */
    buyerAddress: text("buyer_address").notNull().default(""),
    buyerVatNumber: text("buyer_vat_number").notNull().default(""),
    /** VAT-inclusive, as every price of the shop. */
    totalCents: integer("total_cents").notNull(),
    /** The VAT included in the total, worked out once for the whole invoice. */
    vatCents: integer("vat_cents").notNull(),
    notes: text("notes").notNull().default(""),
    paymentReference: text("payment_reference").notNull().default(""),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** A staff user's id, or "system" for an invoice issued when a web order was paid. */
    createdBy: text("created_by").notNull().default("system"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invoices_issue_date_idx").on(t.issueDate, t.id),
    index("invoices_status_idx").on(t.status, t.dueDate),
    index("invoices_total_idx").on(t.totalCents, t.id),
    // A customer's hand-made invoices, by the buyer's e-mail (the Customers section).
    index("invoices_buyer_email_idx")
      .on(sql`lower(${t.buyerEmail})`)
      .where(sql`${t.orderId} is null`),
    index("invoices_search_idx").using("gin", sql`(${invoiceSearchText(t)}) gin_trgm_ops`),
    check("invoices_vat_within_total", sql`${t.vatCents} between 0 and ${t.totalCents}`),
  ],
);

/** One line of an invoice as printed: products, and delivery and a discount as lines of their own. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: serial("id").primaryKey(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    description: text("description").notNull(),
    sku: text("sku").notNull().default(""),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    /**
     * Where a hand-made invoice's catalogue line was sold from when it was issued, so its credit
     * note returns the goods there; null for a web order's lines (the order's allocations say).
     */
    warehouseId: integer("warehouse_id").references(() => warehouses.id),
    quantity: integer("quantity").notNull(),
    /** VAT-inclusive; a discount line's is negative. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /**
     * A goods line's share of the invoice's discount line, from the order's line (docs/decisions/042):
     * credit notes and the ledger take the discount off the lines that carry it. 0 on every line
     * of an invoice without shares (a hand-made one): its discount is spread over all its goods.
     */
    discountCents: integer("discount_cents").notNull().default(0),
  },
  (t) => [
    index("invoice_lines_invoice_idx").on(t.invoiceId, t.position),
    check("invoice_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "invoice_lines_total_adds_up",
      sql`${t.lineTotalCents} = ${t.quantity} * ${t.unitPriceCents}`,
    ),
    check(
      "invoice_lines_discount_within_total",
      sql`${t.discountCents} between 0 and greatest(${t.lineTotalCents}, 0)`,
    ),
  ],
);

/**
 * A credit note (VAT Act s21): it reduces a tax invoice after a refund, with its own gapless
 * series (CN-000001) and the VAT credited, worked out once like an invoice's.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: serial("id").primaryKey(),
    /** From the "credit_note" document counter; shown as CN-000001. */
    number: integer("number").notNull().unique(),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => invoices.id),
    issueDate: date("issue_date").notNull(),
    reason: text("reason").notNull(),
    /**
     * The seller as the credit note prints it, taken on its own date of issue (s21(3)); null
     * only for notes issued before it was kept, which print the invoice's.
     */
    seller: jsonb("seller").$type<InvoiceSeller>(),
    /**
     * Whether money is to be paid back by hand: the note credits a hand-made invoice that was
     * paid. False when it only reduces what is owed, or a web refund paid it back.
     */
    payBackDue: boolean("pay_back_due").notNull().default(false),
    /**
     * How and when that money went back (EFT, cash, or a card refund at the till), with its
     * reference; null until it has (a note may be issued "not paid back yet").
     */
    paidBackBy: text("paid_back_by").$type<"eft" | "cash" | "card">(),
    paidBackReference: text("paid_back_reference").notNull().default(""),
    paidBackAt: timestamp("paid_back_at", { withTimezone: true }),
    /** VAT-inclusive: what the buyer is credited. */
    totalCents: integer("total_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    /** A staff user's id. */
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_notes_invoice_idx").on(t.invoiceId),
    check("credit_notes_total_positive", sql`${t.totalCents} > 0`),
    check("credit_notes_vat_within_total", sql`${t.vatCents} between 0 and ${t.totalCents}`),
  ],
);

export const creditNoteLines = pgTable(
  "credit_note_lines",
  {
    id: serial("id").primaryKey(),
    creditNoteId: integer("credit_note_id")
      .notNull()
      .references(() => creditNotes.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** The invoice line it credits (by its position there); null for an amount refunded. */
    invoiceLinePosition: smallint("invoice_line_position"),
    description: text("description").notNull(),
    sku: text("sku").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (t) => [
    index("credit_note_lines_note_idx").on(t.creditNoteId, t.position),
    check("credit_note_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "credit_note_lines_total_adds_up",
      sql`${t.lineTotalCents} = ${t.quantity} * ${t.unitPriceCents}`,
    ),
  ],
);

/** Pending while the provider is asked; failed when it refused (no credit note then). */
/**
 * pending: being asked of the provider now; awaiting_provider: a provider's answer is not known
 * (a timeout, a network error, a 5xx) or a part it refused is still to be paid back by hand, so
 * its amount stays held; completed: paid back, with its credit note; failed: nothing was paid.
 */
/** A credit note line as a refund keeps it until its credit note is issued. */
export type CreditLineRecord = {
  /** The invoice line it credits; null for an amount paid back. */
  invoiceLinePosition: number | null;
  description: string;
  sku: string;
  variantId: number | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
};

export const refundStatus = pgEnum("refund_status", [
  "pending",
  "awaiting_provider",
  "completed",
  "failed",
]);
/** Back through the provider that took the payment, or paid back by EFT by the shop. */
export const refundMethod = pgEnum("refund_method", ["provider", "eft"]);
/**
 * What a refund pays back (docs/decisions/030): order: part or all of a paid order's invoice,
 * with its credit note; layby: what a cancelled lay-by's shopper gets back (or money paid into
 * it after it was cancelled), with no invoice to credit; payment: a payment the shop cannot keep
 * (it arrived after its order was cancelled or expired, or paid it twice).
 */
export const refundKind = pgEnum("refund_kind", ["order", "layby", "payment"]);

/**
 * Money paid back, of every kind, through one pay-back engine. A pending refund already counts
 * against what may still be refunded, so two staff refunding the same order at once cannot pay
 * back more than was paid.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: serial("id").primaryKey(),
    kind: refundKind("kind").notNull().default("order"),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    /** The invoice an order refund credits; null for the other kinds, which have none. */
    invoiceId: integer("invoice_id").references(() => invoices.id),
    /** The lay-by plan a lay-by refund pays back. */
    planId: integer("plan_id").references(() => laybyPlans.id),
    creditNoteId: integer("credit_note_id")
      .unique()
      .references(() => creditNotes.id),
    method: refundMethod("method").notNull(),
    /** The provider asked (demo, payfast, payflex) when the method is "provider". */
    provider: text("provider"),
    amountCents: integer("amount_cents").notNull(),
    /** The invoice lines (by position) and quantities paid back; empty for an amount. */
    lines: jsonb("lines").$type<{ position: number; quantity: number }[]>().notNull().default([]),
    reason: text("reason").notNull(),
    /** The provider's refund id, or the EFT's reference. */
    reference: text("reference").notNull().default(""),
    /** Why the provider refused, when it did. */
    failure: text("failure").notNull().default(""),
    status: refundStatus("status").notNull().default("pending"),
    /** Whether the goods came back into stock. */
    restocked: boolean("restocked").notNull().default(false),
    /**
     * The credit note's lines as worked out when the refund was reserved (what staff confirmed),
     * issued once the money is paid back, however long the provider takes to answer.
     */
    creditLines: jsonb("credit_lines").$type<CreditLineRecord[]>().notNull().default([]),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_plan_idx")
      .on(t.planId)
      .where(sql`${t.planId} is not null`),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("refunds_order_has_invoice", sql`${t.kind} <> 'order' or ${t.invoiceId} is not null`),
    check("refunds_layby_has_plan", sql`(${t.kind} = 'layby') = (${t.planId} is not null)`),
  ],
);
