import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products, variants } from "./catalog";
import { warehouses } from "./inventory";
import { users } from "./auth";
import { laybyInstalments } from "./layby";
import { deliveryAddressColumns } from "./addresses";

/** An order's stage; its moves are app/domain/orders/order-lifecycle.ts (docs/decisions/050). */
export const orderStatus = pgEnum("order_status", [
  "awaiting_payment",
  "layby",
  "to_deliver",
  "out_for_delivery",
  "delivered",
  "cancelled",
]);
/** partially_paid: a lay-by plan's deposit is in and the rest is being paid (layby_plans). */
/** An order's money state; its moves are app/domain/orders/payment-status.ts. */
export const paymentStatus = pgEnum("payment_status", [
  "awaiting_quote",
  "unpaid",
  "partially_paid",
  "paid",
  "partially_refunded",
  "refunded",
]);
export const deliveryMethod = pgEnum("delivery_method", ["standard", "express"]);
/** As the specification names them: card, PayFast instant EFT, PayFlex. */
export const paymentMethod = pgEnum("payment_method", ["card", "payfast", "payflex"]);
export const paymentProvider = pgEnum("payment_provider", ["demo", "payfast", "payflex"]);
export const paymentAttemptStatus = pgEnum("payment_attempt_status", [
  "pending",
  "approved",
  "declined",
  "cancelled",
  "refunded",
]);
/** Where an order's stock stands: held for it, sold to it, or given back. */
export const stockHold = pgEnum("stock_hold", ["reserved", "sold", "released", "returned"]);
export const promotionKind = pgEnum("promotion_kind", ["percentage", "fixed"]);

export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    /** Upper case; shoppers may type it in any case. */
    code: text("code").notNull().unique(),
    description: text("description").notNull().default(""),
    kind: promotionKind("kind").notNull(),
    /** Percent (1-100) for a percentage code; cents for a fixed Rand amount. */
    value: integer("value").notNull(),
    /** The least the goods must come to (the qualifying lines' when limited); 0: none. */
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    /** One order per shopper's e-mail (promotion_redemptions holds it). */
    oncePerCustomer: boolean("once_per_customer").notNull().default(false),
    /** How many orders may use the code; null for no limit. */
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("promotions_code_upper", sql`${t.code} = upper(${t.code})`),
    check("promotions_value_positive", sql`${t.value} > 0`),
    check("promotions_percentage_range", sql`${t.kind} <> 'percentage' or ${t.value} <= 100`),
    check(
      "promotions_usage_within_limit",
      sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`,
    ),
    check("promotions_used_non_negative", sql`${t.usedCount} >= 0`),
    check("promotions_min_subtotal_non_negative", sql`${t.minSubtotalCents} >= 0`),
  ],
);

/**
 * The text the back office's order search looks in: number, name and e-mail. The list's query
 * uses the same expression, so PostgreSQL finds matches through its trigram index.
 */
export function orderSearchText(t: {
  number: AnyPgColumn;
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
}) {
  return sql`(${t.number}::text || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})`;
}

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    /**
     * Gapless, from 1001: the "order" row of document_counters, taken by the insert through
     * next_order_number() (migration 0063) and given back when the order's transaction rolls
     * back, so a refused checkout uses no number (a sequence would keep it).
     */
    number: integer("number")
      .notNull()
      .unique()
      .default(sql`next_order_number()`),
    /** Secret for the shopper's order page (/orders/{number}?token=...). */
    token: text("token").notNull(),
    /** Issued with the checkout page: a retried or double-clicked submit finds this order. */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** The order's stage (order-lifecycle.ts); only moveOrder changes it. */
    status: orderStatus("status").notNull().default("awaiting_payment"),
    paymentStatus: paymentStatus("payment_status").notNull().default("unpaid"),
    stockHold: stockHold("stock_hold").notNull().default("reserved"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    /**
     * The shopper account the order belongs to: set when placed while signed in, or when placed
     * as a guest with an account's verified e-mail, or when that e-mail is verified later.
     */
    customerUserId: text("customer_user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    /** Optional: printed on a full tax invoice (above R5,000) as the buyer (VAT Act s20(4)). */
    companyName: text("company_name").notNull().default(""),
    /** Optional: the buyer's VAT number, ten digits starting with 4. */
    vatNumber: text("vat_number").notNull().default(""),
    /** The street address. */
    address: text("address").notNull(),
    /** The town. */
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    ...deliveryAddressColumns(),
    deliveryMethod: deliveryMethod("delivery_method").notNull(),
    paymentMethod: paymentMethod("payment_method").notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    deliveryCents: integer("delivery_cents").notNull(),
    /**
     * The delivery add-ons chosen at checkout at the fees of that moment (0: not chosen), so a
     * later change of the fees never changes a placed order (docs/decisions/046).
     */
    removalCents: integer("removal_cents").notNull().default(0),
    assemblyCents: integer("assembly_cents").notNull().default(0),
    /** An add-on refunded (its credit note): the crew no longer does it (docs/decisions/050). */
    removalCredited: boolean("removal_credited").notNull().default(false),
    assemblyCredited: boolean("assembly_credited").notNull().default(false),
    /** VAT included in the total (prices are VAT-inclusive). */
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    promotionId: integer("promotion_id").references(() => promotions.id),
    promotionCode: text("promotion_code"),
    /** An unpaid order is cancelled and its stock released after this time. */
    payBy: timestamp("pay_by", { withTimezone: true }).notNull(),
    /**
     * When the shopper was e-mailed how to pay: an order still unpaid a while after it was
     * placed (pay-reminder.server.ts). Set by the job's claim, so it goes once.
     */
    payReminderSentAt: timestamp("pay_reminder_sent_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The back office's orders list: newest first (the id settles equal times), by total, by
    // status, and its search over number, name and e-mail (see listAdminOrders).
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_status_idx").on(t.status, t.createdAt, t.id),
    index("orders_total_idx").on(t.totalCents, t.id),
    index("orders_status_total_idx").on(t.status, t.totalCents),
    index("orders_search_idx").using("gin", sql`(${orderSearchText(t)}) gin_trgm_ops`),
    // Reports: paid orders by the moment they were paid, with the amounts the figures add up,
    // and each buyer's paid orders; both read by index-only scans (bench/README.md, reports).
    index("orders_paid_at_idx")
      .on(t.paidAt, t.totalCents, t.vatCents, t.id)
      .where(sql`${t.paidAt} is not null`),
    index("orders_email_paid_at_idx")
      .on(t.email, t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    // A shopper's orders, and guest orders waiting to join an account by their e-mail.
    index("orders_customer_idx").on(t.customerUserId, t.createdAt),
    index("orders_guest_email_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.customerUserId} is null`),
    index("orders_unpaid_pay_by_idx")
      .on(t.payBy)
      .where(sql`${t.paymentStatus} = 'unpaid' and ${t.status} in ('awaiting_payment', 'layby')`),
    check(
      "orders_total_adds_up",
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.deliveryCents} + ${t.removalCents} + ${t.assemblyCents}`,
    ),
    check(
      "orders_amounts_non_negative",
      sql`${t.discountCents} >= 0 and ${t.totalCents} >= 0 and ${t.removalCents} >= 0 and ${t.assemblyCents} >= 0`,
    ),
  ],
);

/** One line of an order: a snapshot of what was sold, kept even if the product changes. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    size: text("size").notNull(),
    sku: text("sku").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /**
     * The line's share of the order's discount (docs/decisions/042): only lines the promotion
     * was for carry one, and the lines' shares add up to the order's discount. Refunds, credit
     * notes and the ledger take it off this line only.
     */
    discountCents: integer("discount_cents").notNull().default(0),
    position: smallint("position").notNull().default(0),
    /**
     * How many of the line a completed refund has credited (its credit note): no longer the
     * shop's to deliver (docs/decisions/050). Written by creditOrderLines only.
     */
    creditedQuantity: integer("credited_quantity").notNull().default(0),
    /** How many of the line were handed over, written when the order becomes delivered. */
    deliveredQuantity: integer("delivered_quantity").notNull().default(0),
    /**
     * How many of the credited units came back into the shop's stock (a refund that restocked
     * them): credited but not returned, the shopper kept them. Written by creditOrderLines only.
     */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_variant_idx").on(t.variantId),
    index("order_lines_product_idx").on(t.productId),
    // Reports: a window's lines read from the index alone (bench/README.md, reports).
    index("order_lines_report_idx").on(
      t.orderId,
      t.productId,
      t.variantId,
      t.quantity,
      t.lineTotalCents,
    ),
    check("order_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_lines_discount_within_total",
      sql`${t.discountCents} between 0 and greatest(${t.lineTotalCents}, 0)`,
    ),
    check(
      "order_lines_credited_within_quantity",
      sql`${t.creditedQuantity} between 0 and ${t.quantity}`,
    ),
    // Never more delivered than was left to deliver when it went out.
    check(
      "order_lines_delivered_within_quantity",
      sql`${t.deliveredQuantity} between 0 and ${t.quantity}`,
    ),
    // Goods come back only with a refund that credits them.
    check(
      "order_lines_returned_within_credited",
      sql`${t.returnedQuantity} between 0 and ${t.creditedQuantity}`,
    ),
  ],
);

/** Stock held for an order line in one warehouse (a line may draw on several). */
export const orderAllocations = pgTable(
  "order_allocations",
  {
    id: serial("id").primaryKey(),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    variantId: integer("variant_id").notNull(),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id),
    quantity: integer("quantity").notNull(),
    /**
     * How many of these units came back on hand (a refund with restock, a cancellation): a unit
     * sold goes back at most once, and to the warehouse it came from.
     */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    index("order_allocations_line_idx").on(t.orderLineId),
    check("order_allocations_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_allocations_returned_in_range",
      sql`${t.returnedQuantity} between 0 and ${t.quantity}`,
    ),
  ],
);

/** The order's timeline: who changed what, when. */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** e.g. placed, payment_approved, payment_declined, status_changed, expired. */
    type: text("type").notNull(),
    message: text("message").notNull(),
    /** "shopper", "system", a provider's name, or a staff user's id. */
    actor: text("actor").notNull().default("system"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_order_idx").on(t.orderId, t.createdAt)],
);

/** One payment attempt with a provider; its notifications update it once. */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: paymentProvider("provider").notNull(),
    method: paymentMethod("method").notNull(),
    /** Our reference sent to the provider (PayFast's m_payment_id, PayFlex's merchantReference). */
    reference: text("reference").notNull().unique(),
    /** The provider's own id (pf_payment_id, PayFlex orderId); a repeat of it is ignored. */
    providerReference: text("provider_reference"),
    amountCents: integer("amount_cents").notNull(),
    /** A lay-by plan's deposit or instalment this attempt pays; none for a whole order. */
    instalmentId: integer("instalment_id").references((): AnyPgColumn => laybyInstalments.id, {
      onDelete: "set null",
    }),
    status: paymentAttemptStatus("status").notNull().default("pending"),
    /** At most the card's brand and last four digits; never the number or CVV. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The provider's notification fields, minus anything secret. */
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    index("payments_instalment_idx").on(t.instalmentId),
    uniqueIndex("payments_provider_reference_idx")
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    check("payments_card_last4", sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);
