import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { products } from "./catalog";
import { orderLines, orders } from "./orders";

/** A review waits for staff before anyone sees it; an edit by its writer sends it back. */
export const reviewStatus = pgEnum("review_status", ["pending", "published", "rejected"]);

/**
 * What a shopper wrote about a product (docs/decisions/048). Only `published` rows are ever
 * shown; the product's `rating`, `review_count` and `rating_total` are worked out from them in
 * the transaction that publishes, rejects or erases one. A review written through an invitation
 * names the order line it is about (one review per line) and is marked as a verified buyer's.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    orderLineId: integer("order_line_id")
      .unique()
      .references(() => orderLines.id, { onDelete: "set null" }),
    /** The signed-in shopper who wrote it, when one did. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Where a rejection is told; "" once erased. */
    email: text("email").notNull().default(""),
    rating: smallint("rating").notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull().default(""),
    /** As the writer chose it to show (first name and town by default). */
    displayName: text("display_name").notNull(),
    verifiedBuyer: boolean("verified_buyer").notNull().default(false),
    status: reviewStatus("status").notNull().default("pending"),
    rejectReason: text("reject_reason").notNull().default(""),
    /** The shop's answer, shown under the review in public. */
    reply: text("reply").notNull().default(""),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** Chosen by the owner for the home page's customer stories (published ones only). */
    featured: boolean("featured").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Set when the writer's personal data was erased: the rating stays, the words go. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    index("reviews_product_status_idx").on(t.productId, t.status, t.createdAt),
    index("reviews_status_created_idx").on(t.status, t.createdAt),
    index("reviews_user_idx").on(t.userId),
    index("reviews_email_idx").on(t.email),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** Up to three photos a review carries, re-encoded without their location data. */
export const reviewPhotos = pgTable(
  "review_photos",
  {
    id: serial("id").primaryKey(),
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    /** The media store's key (under `reviews/`). */
    file: text("file").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: smallint("position").notNull().default(0),
  },
  (t) => [
    index("review_photos_review_idx").on(t.reviewId, t.position),
    // /media asks by file whether its review is published (server/media-route.ts's gate).
    index("review_photos_file_idx").on(t.file),
  ],
);

/**
 * The e-mail asking an order's buyer to review what they bought, due a set number of days after
 * delivery (or completion). One per order; claimed by the UPDATE that marks it sent.
 */
export const reviewInvitations = pgTable(
  "review_invitations",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Why it was not sent (opted out, nothing left to review), when it was not. */
    skippedReason: text("skipped_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_invitations_due_idx")
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/**
 * One link per product bought: the e-mail carries a random token, the database only its SHA-256,
 * so a leaked table opens no form. A link writes one review; used, it is refused.
 */
export const reviewLinks = pgTable(
  "review_links",
  {
    id: serial("id").primaryKey(),
    invitationId: integer("invitation_id")
      .notNull()
      .references(() => reviewInvitations.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .unique()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_links_invitation_idx").on(t.invitationId)],
);

/** Addresses that asked never to be invited to review again (POPIA s69's objection). */
export const reviewOptOuts = pgTable("review_opt_outs", {
  email: text("email").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
