import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { deliveryBookings } from "./delivery-days";

/**
 * One truck and one driver on one day (docs/decisions/040). The driver is a member of staff, so
 * a later change can show them "my run today"; the truck is a short name or registration.
 */
export const deliveryRuns = pgTable(
  "delivery_runs",
  {
    id: serial("id").primaryKey(),
    day: date("day", { mode: "string" }).notNull(),
    driverId: text("driver_id")
      .notNull()
      .references(() => users.id),
    truck: text("truck").notNull(),
    createdBy: text("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("delivery_runs_day_idx").on(t.day),
    check("delivery_runs_truck", sql`length(${t.truck}) between 1 and 40`),
  ],
);

/**
 * A booked delivery on a run, at its place in the run's order (1, 2, 3...). A booking is on one
 * run at most; positions are rewritten under a lock on the run's row, so they stay 1..n.
 */
export const deliveryRunStops = pgTable(
  "delivery_run_stops",
  {
    id: serial("id").primaryKey(),
    runId: integer("run_id")
      .notNull()
      .references(() => deliveryRuns.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => deliveryBookings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** When the driver started the run with this stop on it: out for delivery. */
    outForDeliveryAt: timestamp("out_for_delivery_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("delivery_run_stops_booking_idx").on(t.bookingId),
    uniqueIndex("delivery_run_stops_position_idx").on(t.runId, t.position),
    check("delivery_run_stops_position", sql`${t.position} <> 0`),
  ],
);
