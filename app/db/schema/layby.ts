import { sql } from "drizzle-orm";
import {
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
/**
 * Whether a cancellation keeps the charge agreed (s62(4): the shopper's choice, or a lapse), or
 * none: the shopper could not complete through hospitalisation or death (s62(5)(a)), or the shop
 * cannot supply the goods (s62(2)-(3): everything paid comes back).
 */
export const laybyChargeRule = pgEnum("layby_charge_rule", [
  "charge",
  "hospitalisation_or_death",
  "shop_cannot_supply",
]);

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
    /** Set on cancellation: whether the charge was kept, or why not. */
    chargeRule: laybyChargeRule("charge_rule").notNull().default("charge"),
    /** Set on cancellation: the charge kept and the amount paid back. */
    chargeCents: integer("charge_cents"),
    refundCents: integer("refund_cents"),
    /**
     * Set on cancellation when the shop could not supply the goods (s62(3)): the interest paid
     * back with the refund, and the rate a year it was worked at (hundredths of a percent).
     */
    interestCents: integer("interest_cents"),
    interestBasisPoints: integer("interest_basis_points"),
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
 * `paidCents` is how much of it the money received has paid: each payment received
 * (`layby_payments`) settles the earliest unpaid instalments first, so an instalment is paid
 * in part only while it is the next one (docs/decisions/044). `paidAt` is when it was paid in
 * full.
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
    paidCents: integer("paid_cents").notNull().default(0),
    paidAt: timestamp("paid_at", { withTimezone: true }),
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
    check(
      "layby_instalments_paid_range",
      sql`${t.paidCents} between 0 and ${t.amountCents} and (${t.paidAt} is not null) = (${t.paidCents} = ${t.amountCents})`,
    ),
  ],
);

/**
 * Money received into a plan, one row per payment (docs/decisions/044): an approved online
 * payment (`payment_id`) or cash at the showroom (the till receipt's reference and the staff
 * member who recorded it). Any amount up to what the plan still owes; it settles the plan's
 * instalments in order. Its ledger row is the payment's (online) or its own (showroom).
 */
export const laybyPayments = pgTable(
  "layby_payments",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => laybyPlans.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    recordedBy: text("recorded_by"),
    showroomReference: text("showroom_reference"),
  },
  (t) => [
    index("layby_payments_plan_idx").on(t.planId, t.receivedAt),
    uniqueIndex("layby_payments_payment_idx")
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    check("layby_payments_amount_positive", sql`${t.amountCents} > 0`),
    check(
      "layby_payments_online_or_showroom",
      sql`(${t.paymentId} is not null) <> (${t.showroomReference} is not null and ${t.recordedBy} is not null)`,
    ),
  ],
);
