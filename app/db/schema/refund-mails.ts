import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { refunds } from "./invoicing";

/**
 * The refund e-mails sent to shoppers: one row per completed refund. As with the weekly
 * reports, a sender inserts the row first and mails only if the insert was its own, so two
 * processes completing the same refund never send it twice; a send that failed deletes its
 * row so the next completion can try again.
 */
export const refundMails = pgTable("refund_mails", {
  refundId: integer("refund_id")
    .primaryKey()
    .references(() => refunds.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});
