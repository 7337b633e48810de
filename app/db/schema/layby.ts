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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orders, payments } from "./orders";

/**
 * A lay-by plan (Consumer Protection Act s62, docs/decisions/027): awaiting its deposit (the
 * order's usual time to pay applies), active once the deposit is in, completed when the last
 * instalment is paid (the order is then paid and invoiced), or cancelled.
 */
export const laybyStatus = pgEnum("layby_status", [
  "awaiting_deposit",
  "active",
  "completed",
  "cancelled",
]);
/** Why a plan ended early: the shopper asked, staff cancelled it, or it lapsed (s62(4)). */
export const laybyCancelReason = pgEnum("layby_cancel_reason", [
  "shopper",
  "staff",
  "lapsed",
  "unpaid_deposit",
]);
export const laybyRefundMethod = pgEnum("layby_refund_method", ["provider", "cash"]);
export const laybyRefundStatus = pgEnum("layby_refund_status", ["pending", "completed", "failed"]);

/** One plan per lay-by order; its terms are fixed when the shopper agrees to them. */
export const laybyPlans = pgTable(
  "layby_plans",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: laybyStatus("status").notNull().default("awaiting_deposit"),
    depositCents: integer("deposit_cents").notNull(),
    months: smallint("months").notNull(),
    /** The cancellation charge agreed, in hundredths of a percent (regulation 34: at most 1%). */
    chargeBasisPoints: smallint("charge_basis_points").notNull(),
    /** Shop days ("YYYY-MM-DD" in the shop's time zone): agreed, last due day, lapse day. */
    startDay: date("start_day", { mode: "string" }).notNull(),
    endDay: date("end_day", { mode: "string" }).notNull(),
    lapseDay: date("lapse_day", { mode: "string" }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: laybyCancelReason("cancel_reason"),
    /** s62(5)(a): no charge because of hospitalisation or death. */
    chargeWaived: boolean("charge_waived").notNull().default(false),
    /** Set on cancellation: the charge kept and the amount paid back. */
    chargeCents: integer("charge_cents"),
    refundCents: integer("refund_cents"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("layby_plans_status_idx").on(t.status, t.lapseDay),
    check("layby_plans_months_range", sql`${t.months} between 1 and 6`),
    check("layby_plans_charge_cap", sql`${t.chargeBasisPoints} between 0 and 100`),
    check("layby_plans_deposit_positive", sql`${t.depositCents} > 0`),
  ],
);

/**
 * A plan's payments as agreed: number 0 is the deposit, 1..months the monthly instalments.
 * Each is paid once, in full: online (its approved payment) or at the showroom (staff record
 * it, with the till's receipt as reference).
 */
export const laybyInstalments = pgTable(
  "layby_instalments",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => laybyPlans.id, { onDelete: "cascade" }),
    number: smallint("number").notNull(),
    dueDay: date("due_day", { mode: "string" }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** The approved online payment that paid it. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** Paid at the showroom: the staff member who recorded it and the receipt's reference. */
    recordedBy: text("recorded_by"),
    showroomReference: text("showroom_reference"),
    /** When the reminder 5 days before, and the notice of a missed due day, went out. */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    missedNoticeAt: timestamp("missed_notice_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("layby_instalments_plan_number_idx").on(t.planId, t.number),
    index("layby_instalments_unpaid_due_idx")
      .on(t.dueDay)
      .where(sql`${t.paidAt} is null`),
    check("layby_instalments_amount_positive", sql`${t.amountCents} > 0`),
    check("layby_instalments_number_range", sql`${t.number} between 0 and 6`),
  ],
);

/**
 * Money paid back when a plan is cancelled: one row per payment refunded (through its provider)
 * or per amount paid back in cash at the showroom. The plan's charge is kept.
 */
export const laybyRefunds = pgTable(
  "layby_refunds",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => laybyPlans.id, { onDelete: "cascade" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    method: laybyRefundMethod("method").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: laybyRefundStatus("status").notNull().default("pending"),
    /** The provider's refund id, or the showroom's cash reference. */
    reference: text("reference").notNull().default(""),
    /** Why the provider refused, when it did. */
    failure: text("failure").notNull().default(""),
    /** A staff user's id, or "system" for a lapsed plan, or "shopper". */
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("layby_refunds_plan_idx").on(t.planId),
    check("layby_refunds_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
