import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { deliveryZones } from "./delivery";
import { laybyPlans } from "./layby";
import { orders } from "./orders";

/** Standard delivery on the zone's days, or express within two business days. */
export const deliveryBookingKind = pgEnum("delivery_booking_kind", ["standard", "express"]);

/**
 * One row per zone and day that has ever had a booking: how many drops are booked, and the
 * zone's drops a day as of the last booking. A booking adds one only while `booked` is below
 * the zone's drops a day, in one statement (docs/decisions/034); the check is the database's
 * own guard that no day is ever overbooked.
 */
export const deliveryDays = pgTable(
  "delivery_days",
  {
    zoneId: integer("zone_id")
      .notNull()
      .references(() => deliveryZones.id),
    day: date("day", { mode: "string" }).notNull(),
    capacity: integer("capacity").notNull(),
    booked: integer("booked").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.zoneId, t.day] }),
    check("delivery_days_within_capacity", sql`${t.booked} <= ${t.capacity}`),
    check("delivery_days_booked_not_negative", sql`${t.booked} >= 0`),
  ],
);

/**
 * An order's delivery day: one per order; rebooking moves it. A booking with `held_until` is an
 * unpaid order's hold (docs/decisions/039): it is not in `delivery_days.booked` and counts
 * against the day's drops only while `held_until` is in the future; paid, it becomes a booking
 * like any other (`held_until` null, counted in `booked`). Who placed the hold (the client's
 * address, the browser's device id) is kept only while it is one, for the caps on holds.
 */
export const deliveryBookings = pgTable(
  "delivery_bookings",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    zoneId: integer("zone_id")
      .notNull()
      .references(() => deliveryZones.id),
    day: date("day", { mode: "string" }).notNull(),
    kind: deliveryBookingKind("kind").notNull().default("standard"),
    /** Set when a lay-by is booked, once it is paid in full. */
    laybyPlanId: integer("layby_plan_id").references(() => laybyPlans.id, {
      onDelete: "set null",
    }),
    heldUntil: timestamp("held_until", { withTimezone: true }),
    heldByAddress: text("held_by_address"),
    heldByDevice: text("held_by_device"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("delivery_bookings_zone_day_idx").on(t.zoneId, t.day),
    index("delivery_bookings_held_until_idx")
      .on(t.heldUntil)
      .where(sql`${t.heldUntil} is not null`),
  ],
);
