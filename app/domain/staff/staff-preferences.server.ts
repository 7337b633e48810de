import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { userPreferences, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { parseTheme, type Theme } from "~/lib/theme";
import type { AppearancePreferences, NotificationPreferences } from "./preference-schemas";

export type StaffPreferences = NotificationPreferences & { theme: Theme; compactMode: boolean };

/** What a staff member without a saved row has: the specification's defaults. */
export const DEFAULT_PREFERENCES: StaffPreferences = {
  newOrders: true,
  lowStockAlerts: true,
  paymentConfirmations: true,
  weeklyReports: false,
  marketingUpdates: false,
  theme: "system",
  compactMode: false,
};

const columns = {
  newOrders: userPreferences.newOrders,
  lowStockAlerts: userPreferences.lowStockAlerts,
  paymentConfirmations: userPreferences.paymentConfirmations,
  weeklyReports: userPreferences.weeklyReports,
  marketingUpdates: userPreferences.marketingUpdates,
  theme: userPreferences.theme,
  compactMode: userPreferences.compactMode,
};

/** A staff member's own preferences; without a saved row, the defaults. */
export async function getStaffPreferences(options: { userId: string }): Promise<StaffPreferences> {
  const [row] = await db()
    .select(columns)
    .from(userPreferences)
    .where(eq(userPreferences.userId, options.userId));
  return row ? { ...row, theme: parseTheme(row.theme) } : { ...DEFAULT_PREFERENCES };
}

type Actor = { id: string; email: string };

/**
 * Saves part of a staff member's own preferences (their row is made on the first save, with the
 * defaults for the rest) and writes an audit line naming each value that changed. Nothing
 * changed: nothing is written. Answers the preferences as stored and the names that changed.
 */
async function savePreferences(
  actor: Actor,
  section: "notifications" | "appearance",
  changes: Partial<StaffPreferences>,
): Promise<{ saved: StaffPreferences; changed: string[] }> {
  return db().transaction(async (tx) => {
    await tx.insert(userPreferences).values({ userId: actor.id }).onConflictDoNothing();
    const [row] = await tx
      .select(columns)
      .from(userPreferences)
      .where(eq(userPreferences.userId, actor.id))
      .for("update");
    const current = { ...DEFAULT_PREFERENCES, ...row, theme: parseTheme(row?.theme) };
    const diff: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, value] of Object.entries(changes) as [keyof StaffPreferences, unknown][]) {
      if (current[key] !== value) diff[key] = { from: current[key], to: value };
    }
    const changed = Object.keys(diff);
    const saved = { ...current, ...changes };
    if (changed.length === 0) return { saved, changed };
    await tx
      .update(userPreferences)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(userPreferences.userId, actor.id));
    await recordAudit(
      {
        action: "preferences_updated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `preferences:${section}`,
        details: diff,
      },
      tx,
    );
    return { saved, changed };
  });
}

/** The Notifications tab: which of the shop's e-mails this staff member gets. */
export function saveNotificationPreferences(options: {
  actor: Actor;
  input: NotificationPreferences;
}) {
  return savePreferences(options.actor, "notifications", options.input);
}

/** The Appearance tab: the back office's theme and density for this staff member. */
export function saveAppearancePreferences(options: { actor: Actor; input: AppearancePreferences }) {
  return savePreferences(options.actor, "appearance", options.input);
}

/** The staff e-mails a preference governs (the weekly report reads its own, with its sent-log). */
export type StaffMailKind = "newOrders" | "lowStockAlerts" | "paymentConfirmations";

/**
 * The owners' and staff members' addresses that get one kind of e-mail: those who switched it
 * on, and those with no saved row when the kind is on by default. Inside the caller's
 * transaction when given one.
 */
export async function staffRecipients(kind: StaffMailKind, tx?: Tx): Promise<string[]> {
  const wants = sql`coalesce(${columns[kind]}, ${DEFAULT_PREFERENCES[kind]})`;
  const rows = await (tx ?? db())
    .select({ email: users.email })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(and(inArray(users.role, ["owner", "staff"]), sql`${wants} = true`))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}
