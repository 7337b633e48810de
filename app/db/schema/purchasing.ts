import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { variants } from "./catalog";

export const suppliers = pgTable(
  "suppliers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    contactPerson: text("contact_person").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    leadTimeDays: integer("lead_time_days").notNull().default(14),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("suppliers_name_idx").on(sql`lower(${t.name})`),
    check("suppliers_lead_time_range", sql`${t.leadTimeDays} between 0 and 365`),
  ],
);

export const purchaseOrderStatus = pgEnum("purchase_order_status", [
  "draft",
  "pending",
  "approved",
  "in_transit",
  "received",
  "cancelled",
]);

/**
 * Gapless document numbers (purchase orders, invoices, credit notes, orders): the row is
 * updated with `UPDATE … RETURNING` in the transaction that inserts the document, so a
 * rolled-back insert gives its number back. Orders take theirs through the column's default,
 * `next_order_number()` (migration 0063), so every insert of an order counts the same way.
 */
export const documentCounters = pgTable("document_counters", {
  name: text("name").primaryKey(),
  lastValue: integer("last_value").notNull().default(0),
});

export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: serial("id").primaryKey(),
    /** Shown as PO-0001. */
    number: integer("number").notNull().unique(),
    supplierId: integer("supplier_id")
      .notNull()
      .references(() => suppliers.id),
    status: purchaseOrderStatus("status").notNull().default("draft"),
    orderDate: date("order_date").notNull(),
    expectedDate: date("expected_date"),
    notes: text("notes").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("purchase_orders_status_idx").on(t.status, t.number),
    index("purchase_orders_supplier_idx").on(t.supplierId, t.status),
  ],
);

export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    id: serial("id").primaryKey(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id),
    quantityOrdered: integer("quantity_ordered").notNull(),
    quantityReceived: integer("quantity_received").notNull().default(0),
    unitCostCents: integer("unit_cost_cents").notNull(),
  },
  (t) => [
    uniqueIndex("purchase_order_lines_variant_idx").on(t.purchaseOrderId, t.variantId),
    check("purchase_order_lines_ordered_positive", sql`${t.quantityOrdered} > 0`),
    check(
      "purchase_order_lines_received_range",
      sql`${t.quantityReceived} between 0 and ${t.quantityOrdered}`,
    ),
    check("purchase_order_lines_cost_non_negative", sql`${t.unitCostCents} >= 0`),
  ],
);

/** A purchase order's timeline: created, submitted, approved, received, sent, cancelled. */
export const purchaseOrderEvents = pgTable(
  "purchase_order_events",
  {
    id: serial("id").primaryKey(),
    purchaseOrderId: integer("purchase_order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    /** A staff user's id, or "system". */
    actor: text("actor").notNull().default("system"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("purchase_order_events_po_idx").on(t.purchaseOrderId, t.createdAt)],
);
