import { sql } from "drizzle-orm";
import { boolean, index, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { deliveryAddressColumns } from "./addresses";

/** A shopper's saved delivery addresses (the account page; checkout offers them). */
export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The shopper's own name for it, e.g. "Home". */
    label: text("label").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    /** The street address. */
    address: text("address").notNull(),
    /** The town. */
    city: text("city").notNull(),
    postalCode: text("postal_code").notNull(),
    ...deliveryAddressColumns(),
    /** At most one per account: checkout fills it in first. */
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_addresses_user_idx").on(t.userId, t.id)],
);

/**
 * Staff's notes on a customer, kept by the customer's e-mail (lower-cased), which is what makes
 * a customer one person across guest orders and an account (docs/decisions/037). Never edited:
 * a note is added or removed, each audited.
 */
export const customerNotes = pgTable(
  "customer_notes",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    body: text("body").notNull(),
    /** Who wrote it; the e-mail stays when the staff account is gone. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_notes_email_idx").on(t.email, t.createdAt)],
);

/** Staff's tags on a customer ("trade", "delivery upstairs"): one of each per customer. */
export const customerTags = pgTable(
  "customer_tags",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    tag: text("tag").notNull(),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customer_tags_email_tag_idx").on(t.email, sql`lower(${t.tag})`),
    // The list's tag filter.
    index("customer_tags_tag_idx").on(sql`lower(${t.tag})`, t.email),
  ],
);
