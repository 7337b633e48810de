import { cappedChargeBasisPoints } from "~/domain/layby/cancellation";
import { eq } from "drizzle-orm";
import { preparedQuery } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { configureDates, dateSettingsOf } from "~/lib/dates";
import { applyStoredPaymentSettings } from "./payment-settings.server";

export type StoreSettings = typeof storeSettings.$inferSelect;

const settingsQuery = preparedQuery((db) =>
  db.select().from(storeSettings).where(eq(storeSettings.id, 1)).prepare("store_settings"),
);

/**
 * The shop's details as every page shows them (name, contact, hours, legal details). They are
 * read from the database on every call, never kept in a process: a change saved by one server
 * process shows on the next request to any of them. Each read also sets how dates are written
 * (time zone and date format), for whatever this request or job goes on to write (a time zone
 * the shop does not count its days in is read as Johannesburg's: docs/decisions/052), and hands
 * the payment providers the owner's saved set-up (decrypted only when it changed).
 */
export async function getStoreSettings(): Promise<StoreSettings> {
  const [row] = await settingsQuery().execute();
  if (!row) {
    throw new Error("The store settings are missing: run `npm run db:seed` or set them up first.");
  }
  const dates = dateSettingsOf(row);
  configureDates(dates);
  applyStoredPaymentSettings(row);
  // A zone the shop does not honour (saved when the settings offered it) is read as its own.
  return { ...row, timezone: dates.timeZone };
}

export async function storePhone(): Promise<string> {
  return (await getStoreSettings()).phone;
}

/** What the browser needs of the settings: everything but internal fields. */
export function publicStoreSettings(s: StoreSettings) {
  return {
    storeName: s.storeName,
    legalName: s.legalName,
    registrationNumber: s.registrationNumber,
    vatNumber: s.vatNumber,
    streetAddress: s.streetAddress,
    town: s.town,
    province: s.province,
    postalCode: s.postalCode,
    phone: s.phone,
    whatsapp: s.whatsapp,
    email: s.email,
    footerHours: s.footerHours,
    showroomHours: s.showroomHours,
    deliveryHours: s.deliveryHours,
    socialLinks: s.socialLinks,
    freeDeliveryThresholdCents: s.freeDeliveryThresholdCents,
    standardDeliveryCents: s.standardDeliveryCents,
    expressDeliveryCents: s.expressDeliveryCents,
    /** The delivery add-ons' fees checkout offers (docs/decisions/046). */
    removalFeeCents: s.removalFeeCents,
    assemblyFeeCents: s.assemblyFeeCents,
    /** Lay-by's terms as the shop advertises them: the smallest deposit and the charge. */
    laybyMinDepositCents: s.laybyMinDepositCents,
    laybyChargeBasisPoints: cappedChargeBasisPoints(s.laybyChargeBasisPoints),
    /** Figures the shop cannot count, as the owner states them ("15+", "5,000+"); "" leaves
     * the figure, and any sentence that uses it, out. */
    claimYearsTrading: s.claimYearsTrading.trim(),
    claimHappyCustomers: s.claimHappyCustomers.trim(),
  };
}

export type PublicStoreSettings = ReturnType<typeof publicStoreSettings>;

/**
 * The analytics script the storefront loads, or null: only when the owner switched analytics
 * on (Settings, Integrations) with a script address and the site's domain.
 */
export function analyticsScript(s: StoreSettings): { scriptUrl: string; domain: string } | null {
  if (!s.analyticsEnabled || !s.analyticsScriptUrl || !s.analyticsDomain) return null;
  return { scriptUrl: s.analyticsScriptUrl, domain: s.analyticsDomain };
}
