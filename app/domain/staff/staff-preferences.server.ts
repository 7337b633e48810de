import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { userPreferences } from "~/db/schema";

export type StaffPreferences = { lowStockAlerts: boolean };

/** A staff member's own preferences; without a saved row, the defaults (alerts on). */
export async function getStaffPreferences(options: { userId: string }): Promise<StaffPreferences> {
  const [row] = await db()
    .select({ lowStockAlerts: userPreferences.lowStockAlerts })
    .from(userPreferences)
    .where(eq(userPreferences.userId, options.userId));
  return { lowStockAlerts: row?.lowStockAlerts ?? true };
}

/** Switches a staff member's low-stock e-mails on or off. */
export async function setLowStockAlerts(options: {
  userId: string;
  on: boolean;
}): Promise<StaffPreferences> {
  const now = new Date();
  await db()
    .insert(userPreferences)
    .values({ userId: options.userId, lowStockAlerts: options.on, updatedAt: now })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { lowStockAlerts: options.on, updatedAt: now },
    });
  return { lowStockAlerts: options.on };
}
