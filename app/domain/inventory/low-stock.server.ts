import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { stockAlerts, stockLevels } from "~/db/schema";

/** A stock level whose available units (on hand less reserved) just went down or up. */
export type AvailableChange = {
  variantId: number;
  warehouseId: number;
  /** "fell" also after its threshold was raised; "rose" after it was lowered. */
  direction: "fell" | "rose";
};

const levelIn = (levels: readonly AvailableChange[]): SQL =>
  or(
    ...levels.map((l) =>
      and(eq(stockLevels.variantId, l.variantId), eq(stockLevels.warehouseId, l.warehouseId)),
    ),
  )!;

const available = sql`${stockLevels.onHand} - ${stockLevels.reserved}`;

/**
 * Keeps the low-stock alerts in step with a change of stock, inside the transaction that made
 * it (its levels locked): a level that fell to its threshold or below and has not been told
 * yet is marked told and queued in `stock_alerts` (e-mailed after the commit by
 * deliverStockAlerts); a level back above its threshold is armed again. So staff hear once per
 * crossing, never for a change that rolled back, and a sale below the threshold adds nothing.
 */
export async function noteLowStock(tx: Tx, changes: readonly AvailableChange[]): Promise<void> {
  const fell = changes.filter((c) => c.direction === "fell");
  const rose = changes.filter((c) => c.direction === "rose");
  if (rose.length > 0) {
    await tx
      .update(stockLevels)
      .set({ lowStockAlerted: false })
      .where(
        and(
          levelIn(rose),
          eq(stockLevels.lowStockAlerted, true),
          sql`${available} > ${stockLevels.lowStockThreshold}`,
        ),
      );
  }
  if (fell.length === 0) return;
  const crossed = await tx
    .update(stockLevels)
    .set({ lowStockAlerted: true })
    .where(
      and(
        levelIn(fell),
        eq(stockLevels.lowStockAlerted, false),
        sql`${available} <= ${stockLevels.lowStockThreshold}`,
      ),
    )
    .returning({
      variantId: stockLevels.variantId,
      warehouseId: stockLevels.warehouseId,
      available: sql<number>`${available}`.mapWith(Number),
      threshold: stockLevels.lowStockThreshold,
    });
  if (crossed.length > 0) await tx.insert(stockAlerts).values(crossed);
}

/** The changes of levels whose available units moved by `by` (negative: fell). */
export function availableChanges(
  levels: readonly { variantId: number; warehouseId: number; by: number }[],
): AvailableChange[] {
  return levels
    .filter((l) => l.by !== 0)
    .map((l) => ({
      variantId: l.variantId,
      warehouseId: l.warehouseId,
      direction: l.by < 0 ? "fell" : "rose",
    }));
}
