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
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { deliveryZones } from "./delivery";
import { deliveryRuns } from "./delivery-runs";
import { orders } from "./orders";

/** What the driver found at the door. */
export const deliveryOutcome = pgEnum("delivery_outcome", ["delivered", "not_delivered"]);

/** Why a delivery did not happen, as the driver's phone offers it. */
export const notDeliveredReason = pgEnum("not_delivered_reason", [
  "nobody_home",
  "wrong_address",
  "refused",
  "access_problem",
  "other",
]);

/**
 * The driver's record of a stop (docs/decisions/045): delivered (who received it, their
 * signature drawn on the phone or on the paper run sheet, a photo) or not delivered (why). The
 * phone makes `proof_key` before the first send, so a send repeated after a dropped connection
 * finds its row and records nothing twice. The images are in the media store under `proofs/`,
 * which only staff's own route serves.
 */
export const deliveryProofs = pgTable(
  "delivery_proofs",
  {
    id: serial("id").primaryKey(),
    proofKey: uuid("proof_key").notNull().unique(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    runId: integer("run_id").references(() => deliveryRuns.id, { onDelete: "set null" }),
    /** The day the delivery was booked for. */
    day: date("day", { mode: "string" }).notNull(),
    /**
     * The zone whose round the visit was on: after a missed visit the shopper chooses a new day
     * on it, even for an address outside every zone (a quoted order booked on a zone by staff).
     */
    zoneId: integer("zone_id").references(() => deliveryZones.id, { onDelete: "set null" }),
    outcome: deliveryOutcome("outcome").notNull(),
    recipientName: text("recipient_name"),
    signatureFile: text("signature_file"),
    photoFile: text("photo_file"),
    signedOnPaper: boolean("signed_on_paper").notNull().default(false),
    reason: notDeliveredReason("reason"),
    /** The driver's note, for staff only. */
    note: text("note"),
    /** What the driver chose to tell the shopper about a missed visit; only this reaches them. */
    customerMessage: text("customer_message"),
    recordedBy: text("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedByName: text("recorded_by_name").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a privacy erasure (POPIA s24) took out who received the goods: the name reads
     * "Erased" and the signature and photo are gone; the visit, its day and outcome stay.
     */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    index("delivery_proofs_order_idx").on(t.orderId, t.recordedAt),
    check(
      "delivery_proofs_delivered",
      sql`${t.outcome} <> 'delivered' or ${t.erasedAt} is not null or (${t.recipientName} is not null and (${t.signatureFile} is not null or ${t.signedOnPaper}))`,
    ),
    check(
      "delivery_proofs_not_delivered",
      sql`${t.outcome} <> 'not_delivered' or ${t.reason} is not null`,
    ),
  ],
);
