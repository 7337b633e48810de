import { eq, inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { laybyPlans } from "~/db/schema";
import { laybyLapseDay } from "./schedule";

/**
 * The shop declared other closed days: each plan still being paid whose 60 business days now
 * end later is given the later lapse day. A lapse day never moves earlier (a closed day taken
 * back): the day the shopper was told stands. In the caller's transaction (the settings').
 */
export async function moveLapseDays(tx: Tx, closedDays: readonly string[]) {
  const open = await tx
    .select({ id: laybyPlans.id, endDay: laybyPlans.endDay, lapseDay: laybyPlans.lapseDay })
    .from(laybyPlans)
    .where(inArray(laybyPlans.status, ["awaiting_deposit", "active"]))
    .for("update");
  for (const plan of open) {
    const lapseDay = laybyLapseDay(plan.endDay, closedDays);
    if (lapseDay > plan.lapseDay) {
      await tx
        .update(laybyPlans)
        .set({ lapseDay, updatedAt: new Date() })
        .where(eq(laybyPlans.id, plan.id));
    }
  }
}
