import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

// better-auth 1.7's tables (user, session, account, verification), written by hand. The drizzle
// adapter finds columns by their property names, so those keep better-auth's camelCase field
// names; the SQL names follow ours.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const USER_ROLES = ["owner", "staff", "customer"] as const;

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    /** owner and staff reach the back office; customer (every new account) does not. */
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    /** better-auth's two-factor plugin sets it once the first code from the app is accepted. */
    twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("users_role_known", sql`${t.role} in ('owner', 'staff', 'customer')`)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** The password's scrypt hash (better-auth's); never leaves the server. */
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * better-auth's two-factor plugin: one row per account that set up an authenticator app. The
 * secret and the backup codes are encrypted by better-auth with the auth secret; `verified` is
 * false until the first code from the app is accepted (setup still pending).
 */
export const twoFactors = pgTable("two_factors", {
  id: text("id").primaryKey(),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  verified: boolean("verified").notNull().default(true),
  /** Consecutive wrong codes at sign-in; better-auth locks the account at 10 for 15 minutes. */
  failedVerificationCount: integer("failed_verification_count").notNull().default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /**
   * The last 30-second time step whose app code was accepted (Unix time / 30). A code of that
   * step or an earlier one is refused, so each code works once (RFC 6238 s5.2).
   */
  lastTotpStep: integer("last_totp_step"),
});

/**
 * What staff did and who tried to sign in: sign-ins, failed sign-ins (with the address), role
 * changes, price changes, order status changes. Rows are only ever added.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who acted; null for a failed sign-in or an account since deleted. */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The e-mail as typed or as it was at the time, kept when the account goes. */
    actorEmail: text("actor_email"),
    /** e.g. sign_in, sign_in_failed, role_changed, product_price_changed, order_status_changed */
    action: text("action").notNull(),
    /** What was acted on, e.g. "product:12", "order:1004", "user:{id}". */
    subject: text("subject"),
    ipAddress: text("ip_address"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at.desc()),
    index("audit_log_action_at_idx").on(t.action, t.at.desc()),
  ],
);
