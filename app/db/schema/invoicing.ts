import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
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
    quantity: integer("quantity").notNull(),
    /** VAT-inclusive; a discount line's is negative. */
    unitPriceCents: integer("unit_price_cents").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
  },
  (t) => [
    index("invoice_lines_invoice_idx").on(t.invoiceId, t.position),
    check("invoice_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "invoice_lines_total_adds_up",
      sql`${t.lineTotalCents} = ${t.quantity} * ${t.unitPriceCents}`,
    ),
  ],
);
