import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { categories, products } from "./catalog";
import { orders, promotions } from "./orders";

/*
 * A promotion's rules beyond its value and dates (docs/decisions/042): the minimum spend and
 * "one use per customer" are columns of `promotions`; the goods it is limited to are these two
 * lists (none: the whole cart). A category or product a promotion names cannot be deleted.
 */

export const promotionCategories = pgTable(
  "promotion_categories",
  {
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.categoryId] })],
);

export const promotionProducts = pgTable(
  "promotion_products",
  {
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
  },
  (t) => [
    primaryKey({ columns: [t.promotionId, t.productId] }),
    index("promotion_products_product_idx").on(t.productId),
  ],
);

/**
 * One row per order that used a promotion, taken in the order's transaction and deleted when
 * the order is cancelled or expires. For a promotion with one use per customer the partial
 * unique index holds the rule: two orders from one e-mail (lower case) cannot both hold it,
 * however many checkouts run at once.
 */
export const promotionRedemptions = pgTable(
  "promotion_redemptions",
  {
    orderId: integer("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    promotionId: integer("promotion_id")
      .notNull()
      .references(() => promotions.id),
    /** The shopper's e-mail, trimmed and in lower case. */
    emailKey: text("email_key").notNull(),
    /** The promotion's rule when the order took it: only these rows are held unique. */
    oncePerCustomer: boolean("once_per_customer").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("promotion_redemptions_email_idx").on(t.promotionId, t.emailKey),
    uniqueIndex("promotion_redemptions_once_per_customer")
      .on(t.promotionId, t.emailKey)
      .where(sql`${t.oncePerCustomer}`),
  ],
);
