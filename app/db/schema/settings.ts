import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export type StoreHours = { label: string; lines: { days: string; hours: string }[] };

/** The one row of the shop's own details (id is always 1). */
export const storeSettings = pgTable(
  "store_settings",
  {
    id: integer("id").primaryKey().default(1),
    storeName: text("store_name").notNull(),
    legalName: text("legal_name").notNull(),
    registrationNumber: text("registration_number").notNull(),
    vatNumber: text("vat_number").notNull().default(""),
    streetAddress: text("street_address").notNull(),
    town: text("town").notNull(),
    province: text("province").notNull(),
    postalCode: text("postal_code").notNull(),
    phone: text("phone").notNull(),
    whatsapp: text("whatsapp").notNull(),
    email: text("email").notNull(),
    /** Hours as the footer shows them and as the showroom pages show them. */
    footerHours: jsonb("footer_hours").$type<StoreHours>().notNull(),
    showroomHours: jsonb("showroom_hours").$type<StoreHours>().notNull(),
    deliveryHours: jsonb("delivery_hours").$type<StoreHours>().notNull(),
    socialLinks: jsonb("social_links").$type<Record<string, string>>().notNull().default({}),
    freeDeliveryThresholdCents: integer("free_delivery_threshold_cents").notNull().default(200000),
    standardDeliveryCents: integer("standard_delivery_cents").notNull().default(29900),
    expressDeliveryCents: integer("express_delivery_cents").notNull().default(29900),
    /** Delivery add-ons' fees, charged at checkout when ticked (docs/decisions/046). */
    removalFeeCents: integer("removal_fee_cents").notNull().default(25000),
    assemblyFeeCents: integer("assembly_fee_cents").notNull().default(35000),
    /** Lay-by: the smallest deposit, and the cancellation charge in hundredths of a percent
     * (regulation 34 caps it at 1%: 100; the code caps it again whatever is stored). */
    laybyMinDepositCents: integer("layby_min_deposit_cents").notNull().default(60000),
    laybyChargeBasisPoints: integer("layby_charge_basis_points").notNull().default(100),
    /**
     * The simple interest a year, in hundredths of a percent, the shop adds when it cannot
     * supply a lay-by's goods and pays everything back (CPA s62(3)); 1175 = 11.75%, the
     * prescribed rate of interest when this was written (docs/decisions/027).
     */
    laybyInterestBasisPoints: integer("layby_interest_basis_points").notNull().default(1175),
    /**
     * Days the shop declares closed besides Sundays and public holidays ("YYYY-MM-DD", sorted):
     * a lay-by's lapse day is counted past them as past a public holiday.
     */
    closedDays: text("closed_days")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currency: text("currency").notNull().default("ZAR"),
    timezone: text("timezone").notNull().default("Africa/Johannesburg"),
    /** How the back office writes dates: "DD/MM/YYYY", "MM/DD/YYYY" or "YYYY-MM-DD". */
    dateFormat: text("date_format").notNull().default("DD/MM/YYYY"),
    /** The owner's rule: every staff member signs in with a second factor. */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    /**
     * Visitor analytics, off until the owner switches it on: a Plausible-style script (its URL)
     * and the site name it reports under. No third-party script loads while it is off.
     */
    analyticsEnabled: boolean("analytics_enabled").notNull().default(false),
    analyticsScriptUrl: text("analytics_script_url").notNull().default(""),
    analyticsDomain: text("analytics_domain").notNull().default(""),
    /**
     * Payment providers set up by the owner (Settings > Integrations). Secrets are kept only as
     * AES-256-GCM ciphertext with their key's id (`settings-secrets.server.ts`); "" is not set.
     * The environment's PAYFAST_* and PAYFLEX_* variables win over these when set.
     */
    payfastMerchantId: text("payfast_merchant_id").notNull().default(""),
    payfastMerchantKeyEncrypted: text("payfast_merchant_key_encrypted").notNull().default(""),
    payfastPassphraseEncrypted: text("payfast_passphrase_encrypted").notNull().default(""),
    payfastMode: text("payfast_mode").notNull().default("sandbox"),
    payflexClientId: text("payflex_client_id").notNull().default(""),
    payflexClientSecretEncrypted: text("payflex_client_secret_encrypted").notNull().default(""),
    payflexMode: text("payflex_mode").notNull().default("sandbox"),
    /** Where EFT payments go, printed on hand-made invoices; "" is not set. */
    bankName: text("bank_name").notNull().default(""),
    bankAccountHolder: text("bank_account_holder").notNull().default(""),
    bankAccountNumber: text("bank_account_number").notNull().default(""),
    bankBranchCode: text("bank_branch_code").notNull().default(""),
    bankAccountType: text("bank_account_type").notNull().default(""),
    /** Reviews (docs/decisions/048): days after delivery the invitation goes out, and whether
     * a signed-in shopper who did not buy a product may review it. */
    reviewInviteDays: integer("review_invite_days").notNull().default(7),
    reviewsFromNonBuyers: boolean("reviews_from_non_buyers").notNull().default(false),
    /** Figures the shop cannot count, as the owner states them ("" leaves the figure out). */
    claimYearsTrading: text("claim_years_trading").notNull().default(""),
    claimHappyCustomers: text("claim_happy_customers").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("store_settings_single_row", sql`${t.id} = 1`),
    check("store_settings_payfast_mode", sql`${t.payfastMode} in ('sandbox', 'live')`),
    check("store_settings_payflex_mode", sql`${t.payflexMode} in ('sandbox', 'live')`),
    check("store_settings_review_invite_days", sql`${t.reviewInviteDays} between 1 and 60`),
    check("store_settings_layby_interest", sql`${t.laybyInterestBasisPoints} between 0 and 5000`),
  ],
);

/** Fixed-window counters for rate limits, shared by every server process. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Each staff member's own choices: which e-mails they get, and how the back office looks. */
export const userPreferences = pgTable(
  "user_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The specification's Notifications switches and their defaults. */
    newOrders: boolean("new_orders").notNull().default(true),
    /** E-mail me when a stock level falls to its low-stock threshold. */
    lowStockAlerts: boolean("low_stock_alerts").notNull().default(true),
    paymentConfirmations: boolean("payment_confirmations").notNull().default(true),
    weeklyReports: boolean("weekly_reports").notNull().default(false),
    marketingUpdates: boolean("marketing_updates").notNull().default(false),
    /** Appearance: "light", "dark" or "system", and denser tables. */
    theme: text("theme").notNull().default("system"),
    compactMode: boolean("compact_mode").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("user_preferences_theme_known", sql`${t.theme} in ('light', 'dark', 'system')`)],
);

/**
 * When each background job may next run, shared by every server process: a process runs a job
 * only after claiming it here, so with several machines each job still runs once per interval.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  runAfter: timestamp("run_after", { withTimezone: true }).notNull(),
  /** The process that last ran it ("host:pid"), for whoever reads the table. */
  ranBy: text("ran_by").notNull().default(""),
});
