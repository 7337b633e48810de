import { eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { moveLapseDays } from "~/domain/layby/lapse-days.server";
import type { SessionUser } from "~/domain/auth/roles";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import type {
  AnalyticsSettingsInput,
  BankDetailsInput,
  GeneralSettingsInput,
  LaybySettingsInput,
  ReviewSettingsInput,
  ShippingSettingsInput,
} from "./settings-schemas";
import type { StoreSettings } from "./store-settings.server";

type Actor = Pick<SessionUser, "id" | "email" | "role">;

/** The parts of the settings each tab saves, named as the audit log shows them. */
export type SettingsSection = "general" | "shipping" | "analytics" | "layby" | "bank" | "reviews";

type Changes = Partial<
  Pick<
    StoreSettings,
    | keyof Omit<GeneralSettingsInput, "currency">
    | keyof ShippingSettingsInput
    | keyof AnalyticsSettingsInput
    | keyof LaybySettingsInput
    | keyof BankDetailsInput
    | keyof ReviewSettingsInput
  >
>;

/**
 * Saves some of the shop's settings, for the owner only, in one transaction with the audit
 * line naming each field that changed (its old and new value). Nothing changed: nothing is
 * written. The storefront and the back office read the row on every request, so the next
 * request of any server process shows the change; the render cache keys pages by the settings
 * they were rendered with (decision 010), so no page rendered with the old ones is sent again.
 */
async function saveSettings(options: {
  actor: Actor;
  section: SettingsSection;
  changes: Changes;
  /** What else the change moves, in its transaction. */
  then?: (tx: Tx, changed: string[]) => Promise<void>;
}): Promise<{ changed: string[] }> {
  const { actor, section, changes } = options;
  if (actor.role !== "owner") {
    throw new DomainError("forbidden", "Only the shop's owner can change the shop's settings.");
  }
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for("update");
    if (!current) throw new DomainError("not_found", "The store settings are missing.");
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(changes) as [keyof Changes, unknown][]) {
      if (!sameValue(current[key], value)) diff[key] = { from: current[key], to: value };
    }
    const changed = Object.keys(diff);
    if (changed.length === 0) return { changed };
    await tx
      .update(storeSettings)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(storeSettings.id, 1));
    await recordAudit(
      {
        action: "settings_updated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `settings:${section}`,
        details: diff,
      },
      tx,
    );
    await options.then?.(tx, changed);
    return { changed };
  });
}

/** A list (the closed days) is the same when it holds the same items in the same order. */
const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;

export function updateGeneralSettings(options: { actor: Actor; input: GeneralSettingsInput }) {
  const { currency: _currency, ...changes } = options.input;
  return saveSettings({ actor: options.actor, section: "general", changes });
}

export function updateShippingSettings(options: { actor: Actor; input: ShippingSettingsInput }) {
  return saveSettings({ actor: options.actor, section: "shipping", changes: options.input });
}

/** Switched off, the script address and domain are kept for switching it on again. */
export function updateAnalyticsSettings(options: { actor: Actor; input: AnalyticsSettingsInput }) {
  return saveSettings({ actor: options.actor, section: "analytics", changes: options.input });
}

/**
 * Lay-by's smallest deposit, cancellation charge, interest rate and the shop's closed days.
 * Plans keep the deposit and charge they were agreed on; new closed days move the lapse day of
 * each plan still being paid later when they fall within its grace (never earlier: the day the
 * shopper was told stands), in the same transaction.
 */
export function updateLaybySettings(options: { actor: Actor; input: LaybySettingsInput }) {
  return saveSettings({
    actor: options.actor,
    section: "layby",
    changes: options.input,
    then: async (tx, changed) => {
      if (changed.includes("closedDays")) await moveLapseDays(tx, options.input.closedDays);
    },
  });
}

/** The shop's bank account for EFT payments, printed on hand-made invoices still to be paid. */
export function updateBankDetails(options: { actor: Actor; input: BankDetailsInput }) {
  return saveSettings({ actor: options.actor, section: "bank", changes: options.input });
}

/**
 * Reviews' invitation delay and who may review, and the storefront's stated figures. An
 * invitation already scheduled keeps its day.
 */
export function updateReviewSettings(options: { actor: Actor; input: ReviewSettingsInput }) {
  return saveSettings({ actor: options.actor, section: "reviews", changes: options.input });
}
