import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * What a delivery e-mail tells the shopper: a day booked, a day moved, tomorrow's visit, the
 * truck on its way, the goods delivered, or a visit that did not deliver them.
 */
export const deliveryNoticeKind = pgEnum("delivery_notice_kind", [
  "booked",
  "moved",
  "reminder",
  "out_for_delivery",
  "delivered",
  "not_delivered",
]);

/**
 * The delivery e-mails owed to shoppers, as an outbox: a booking or a move queues its row in
 * the same transaction, the day-before job queues reminders, and a sender claims a row by
 * setting `sent_at` in one conditional UPDATE before mailing (handing it back if the mail
 * failed). One row per order, kind and day: a reminder is never queued twice for one visit.
 */
export const deliveryNotices = pgTable(
  "delivery_notices",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: deliveryNoticeKind("kind").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** The day it was moved from, for a move's e-mail. */
    fromDay: date("from_day", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    unique("delivery_notices_once").on(t.orderId, t.kind, t.day),
    index("delivery_notices_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null`),
  ],
);
