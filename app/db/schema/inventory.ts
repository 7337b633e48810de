import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { variants } from "./catalog";
import { orders } from "./orders";
import { purchaseOrders } from "./purchasing";

export const warehouses = pgTable("warehouses", {
  id: serial("id").primaryKey(),
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  /** Checkout draws on the default warehouse first. */
  isDefault: boolean("is_default").notNull().default(false),
  /** Whether the storefront sells this warehouse's stock (its available units count online). */
  sellsOnline: boolean("sells_online").notNull().default(true),
  /** A deactivated warehouse holds no stock and takes no movements. */
  active: boolean("active").notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const stockLevels = pgTable(
  "stock_levels",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    onHand: integer("on_hand").notNull().default(0),
    reserved: integer("reserved").notNull().default(0),
    lowStockThreshold: integer("low_stock_threshold").notNull().default(2),
    /**
     * Set when available stock fell to the threshold or below and staff were told; cleared when
     * it rises above again, so each crossing is told once.
     */
    lowStockAlerted: boolean("low_stock_alerted").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.warehouseId] }),
    index("stock_levels_warehouse_idx").on(t.warehouseId),
    check("stock_on_hand_non_negative", sql`${t.onHand} >= 0`),
    check("stock_reserved_non_negative", sql`${t.reserved} >= 0`),
    check("stock_reserved_within_on_hand", sql`${t.reserved} <= ${t.onHand}`),
    check("stock_threshold_non_negative", sql`${t.lowStockThreshold} >= 0`),
  ],
);

export const stockMovementKind = pgEnum("stock_movement_kind", [
  "adjustment",
  "purchase_receipt",
  "transfer",
  "sale",
  "return",
]);

/** The stock ledger: every change of on-hand stock, signed. */
export const stockMovements = pgTable(
  "stock_movements",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    kind: stockMovementKind("kind").notNull(),
    quantity: integer("quantity").notNull(),
    reason: text("reason").notNull().default(""),
    /** e.g. "Order 1001", "PO-0003", "Transfer to Store room". */
    reference: text("reference").notNull().default(""),
    /** "system", or the staff member's e-mail address. */
    actor: text("actor").notNull().default("system"),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id, {
      onDelete: "set null",
    }),
    /** The two movements of one transfer share this id. */
    transferId: uuid("transfer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_movements_variant_idx").on(t.variantId, t.createdAt),
    index("stock_movements_purchase_order_idx")
      .on(t.purchaseOrderId)
      .where(sql`${t.purchaseOrderId} is not null`),
    check("stock_movements_quantity_non_zero", sql`${t.quantity} <> 0`),
  ],
);

/**
 * Low-stock crossings waiting to be e-mailed to staff. Written in the transaction that made the
 * crossing, sent after it commits (and retried by a job), so an alert is neither lost nor sent
 * for a change that rolled back.
 */
export const stockAlerts = pgTable(
  "stock_alerts",
  {
    id: serial("id").primaryKey(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    available: integer("available").notNull(),
    threshold: integer("threshold").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("stock_alerts_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * One row whose number goes up once per committed transaction that changes stock levels or
 * warehouses (deferred triggers, as catalog_version does for the catalogue): totals worked out
 * under an older number, with the same catalogue version, are stale.
 */
export const stockVersion = pgTable(
  "stock_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [check("stock_version_single_row", sql`${t.id} = 1`)],
);
