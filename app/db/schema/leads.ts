import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  index,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export const consultationType = pgEnum("consultation_type", [
  "purchase",
  "complex",
  "partner",
  "franchise",
]);
export const subscriberStatus = pgEnum("subscriber_status", [
  "pending",
  "confirmed",
  "unsubscribed",
]);
/** Where staff stand with a consultation request or a contact message. */
export const enquiryStatus = pgEnum("enquiry_status", ["new", "contacted", "closed"]);

/** Staff's side of an enquiry: its status, a note, and who last changed them and when. */
const handling = () => ({
  status: enquiryStatus("status").notNull().default("new"),
  staffNote: text("staff_note").notNull().default(""),
  handledBy: text("handled_by").references(() => users.id, { onDelete: "set null" }),
  handledAt: timestamp("handled_at", { withTimezone: true }),
});

/**
 * The text the inbox's search looks in, one expression per table: the list's query uses the same
 * one, so PostgreSQL finds matches through its trigram index instead of reading every enquiry.
 */
export function consultationSearchText(t: {
  name: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  message: AnyPgColumn;
}) {
  return sql<string>`(${t.name} || ' ' || ${t.email} || ' ' || ${t.phone} || ' ' || ${t.message})`;
}

export function messageSearchText(t: {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  subject: AnyPgColumn;
  message: AnyPgColumn;
}) {
  return sql<string>`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.phone} || ' ' || ${t.subject} || ' ' || ${t.message})`;
}

export const consultationRequests = pgTable(
  "consultation_requests",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    consultationType: consultationType("consultation_type").notNull().default("purchase"),
    message: text("message").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ...handling(),
  },
  // The inbox lists newest first, all or by status.
  (t) => [
    index("consultation_requests_status_created_idx").on(t.status, t.createdAt, t.id),
    index("consultation_requests_created_idx").on(t.createdAt, t.id),
    index("consultation_requests_search_idx").using(
      "gin",
      sql`(${consultationSearchText(t)}) gin_trgm_ops`,
    ),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    ...handling(),
  },
  (t) => [
    index("contact_messages_status_created_idx").on(t.status, t.createdAt, t.id),
    index("contact_messages_created_idx").on(t.createdAt, t.id),
    index("contact_messages_search_idx").using("gin", sql`(${messageSearchText(t)}) gin_trgm_ops`),
  ],
);

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: serial("id").primaryKey(),
    /** Stored lower-cased. */
    email: text("email").notNull().unique(),
    status: subscriberStatus("status").notNull().default("pending"),
    /** SHA-256 of the confirmation token e-mailed to the subscriber. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    /** Secret in every newsletter e-mail's unsubscribe link. */
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the subscriber confirmed: the recorded consent (POPIA). */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (t) => [
    index("newsletter_confirm_token_idx").on(t.confirmTokenHash),
    index("newsletter_subscribers_status_created_idx").on(t.status, t.createdAt, t.id),
    index("newsletter_subscribers_created_idx").on(t.createdAt, t.id),
  ],
);
