import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * Where the shop's truck delivers and what it costs there (docs/decisions/035). An address is
 * matched by its postal code (a code or a range such as "2700-2799"), then its town, then its
 * province; an address no active zone covers is quoted by the shop. Money is integer cents.
 */
export const deliveryZones = pgTable(
  "delivery_zones",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Four-digit codes and ranges as staff wrote them, each entry "2740" or "2700-2799". */
    postalCodes: text("postal_codes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Town names as staff wrote them; matched without regard to case or spacing. */
    towns: text("towns")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Province names, each one of the nine ("North West"). */
    provinces: text("provinces")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    standardFeeCents: integer("standard_fee_cents").notNull(),
    /** The order value from which standard delivery is free; null: never free. */
    freeFromCents: integer("free_from_cents"),
    /** Express delivery's fee; null: the zone has no express delivery. */
    expressFeeCents: integer("express_fee_cents"),
    /** Business days between the order and the first day the truck can bring it. */
    leadDays: integer("lead_days").notNull().default(3),
    /** The days the truck goes there, ISO weekdays 1 (Monday) to 6 (Saturday). */
    weekdays: integer("weekdays")
      .array()
      .notNull()
      .default(sql`'{1,2,3,4,5}'::integer[]`),
    dropsPerDay: integer("drops_per_day").notNull().default(8),
    active: boolean("active").notNull().default(true),
    /** Among equally specific matches, the lower number wins. */
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("delivery_zones_name_idx").on(sql`lower(${t.name})`),
    index("delivery_zones_active_idx").on(t.active, t.sortOrder),
    check("delivery_zones_standard_fee", sql`${t.standardFeeCents} >= 0`),
    check("delivery_zones_free_from", sql`${t.freeFromCents} is null or ${t.freeFromCents} >= 0`),
    check(
      "delivery_zones_express_fee",
      sql`${t.expressFeeCents} is null or ${t.expressFeeCents} >= 0`,
    ),
    check("delivery_zones_lead_days", sql`${t.leadDays} between 0 and 60`),
    check("delivery_zones_drops", sql`${t.dropsPerDay} between 1 and 500`),
    check(
      "delivery_zones_weekdays",
      sql`cardinality(${t.weekdays}) > 0 and ${t.weekdays} <@ '{1,2,3,4,5,6}'::integer[]`,
    ),
  ],
);
