import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { refunds } from "./invoicing";
import { payments } from "./orders";

/**
 * What became of one part of a refund: pending (not asked yet, or asked and not answered when
 * the process stopped), paid, refused (the provider's definite no), unknown (a timeout, a
 * network error or a 5xx: the provider may have paid, so its amount stays held).
 */
export const refundPartStatus = pgEnum("refund_part_status", [
  "pending",
  "paid",
  "refused",
  "unknown",
]);

/** provider: through the provider that took the payment; hand: by EFT or cash, by the shop. */
export const refundPartMethod = pgEnum("refund_part_method", ["provider", "hand"]);

/**
 * A refund split over the payments that took the money: each online payment pays back at most
 * what it took less what it has paid back already; what was paid at the showroom, or what staff
 * chose to pay back by EFT, is a part paid by hand.
 */
export const refundParts = pgTable(
  "refund_parts",
  {
    id: serial("id").primaryKey(),
    refundId: integer("refund_id")
      .notNull()
      .references(() => refunds.id, { onDelete: "cascade" }),
    /** The approved payment paid back through its provider; null for a part paid by hand. */
    paymentId: integer("payment_id").references(() => payments.id),
    method: refundPartMethod("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /**
     * Interest the shop adds to a lay-by's refund when it cannot supply the goods (CPA
     * s62(3)): paid by hand, and recorded in the ledger as interest paid, not as money back.
     */
    interest: boolean("interest").notNull().default(false),
    status: refundPartStatus("status").notNull().default("pending"),
    /** The provider's id for the refund, or the EFT's or till's reference for a part by hand. */
    reference: text("reference").notNull().default(""),
    /** The provider's refusal, or why its answer is not known. */
    failure: text("failure").notNull().default(""),
    /** When the provider was last asked about it (the job asks again while it is unknown). */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refund_parts_refund_idx").on(t.refundId),
    index("refund_parts_payment_idx").on(t.paymentId),
    check("refund_parts_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "refund_parts_provider_has_payment",
      sql`(${t.method} = 'provider') = (${t.paymentId} is not null)`,
    ),
    check("refund_parts_interest_by_hand", sql`not ${t.interest} or ${t.method} = 'hand'`),
  ],
);
