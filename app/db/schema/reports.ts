import { date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * The weekly report e-mails sent: one row per staff member and week (its Monday, in the shop's
 * time zone). The key is what makes the e-mail go once per person per week, whatever the number
 * of processes: a sender inserts the row first and mails only if the insert was its own.
 */
export const weeklyReportSends = pgTable(
  "weekly_report_sends",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekStart: date("week_start").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);
