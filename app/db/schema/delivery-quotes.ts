import { sql } from "drizzle-orm";
import { check, integer, pgEnum, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { orders } from "./orders";

/** Who takes a quoted order's goods: the shop's own truck or a courier. */
export const deliveryCarrier = pgEnum("delivery_carrier", ["own_truck", "courier"]);

/**
 * The delivery staff quoted for an order whose address no zone covers (docs/decisions/041):
 * one per order, its amount the order's delivery fee from then on.
 */
export const deliveryQuotes = pgTable(
  "delivery_quotes",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: deliveryCarrier("carrier").notNull(),
    amountCents: integer("amount_cents").notNull(),
    note: text("note").notNull().default(""),
    quotedById: text("quoted_by_id").references(() => users.id, { onDelete: "set null" }),
    quotedByEmail: text("quoted_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("delivery_quotes_amount_positive", sql`${t.amountCents} > 0`)],
);
