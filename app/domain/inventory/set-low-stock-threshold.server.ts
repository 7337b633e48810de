import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stockLevels, variants, warehouses } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { forbidden, invalid, notFound } from "~/domain/errors";
import { afterStockChange } from "./deliver-stock-alerts.server";
import { noteLowStock } from "./low-stock.server";
import { MAX_STOCK_UNITS } from "./stock-schemas";

/**
 * Sets the low-stock threshold of a variant's level in one warehouse (a level is Low Stock when
 * what is available is at or below it), with its audit line. Saving the same value changes
 * nothing.
 */
export async function setLowStockThreshold(options: {
  variantId: number;
  warehouseId: number;
  threshold: number;
  actor: Pick<SessionUser, "id" | "email" | "role">;
}) {
  const { variantId, warehouseId, threshold, actor } = options;
  if (!isStaffRole(actor.role)) throw forbidden("Only the owner and staff may change thresholds.");
  if (!Number.isInteger(threshold) || threshold < 0 || threshold > MAX_STOCK_UNITS) {
    throw invalid("Enter a whole number of units from 0 to 100,000.", "threshold");
  }
  const result = await db().transaction(async (tx) => {
    const [level] = await tx
      .select({
        threshold: stockLevels.lowStockThreshold,
        sku: variants.sku,
        warehouse: warehouses.name,
      })
      .from(stockLevels)
      .innerJoin(variants, eq(variants.id, stockLevels.variantId))
      .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
      .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)))
      .for("update", { of: stockLevels });
    if (!level) throw notFound("This variant has no stock level in that warehouse.");
    if (level.threshold === threshold) return { changed: false, ...level };
    await tx
      .update(stockLevels)
      .set({ lowStockThreshold: threshold })
      .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
    // A raised threshold can put the level at or below it (told once), a lowered one re-arms it.
    await noteLowStock(tx, [
      { variantId, warehouseId, direction: threshold > level.threshold ? "fell" : "rose" },
    ]);
    await recordAudit(
      {
        action: "low_stock_threshold_changed",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `variant:${level.sku}`,
        details: {
          sku: level.sku,
          warehouse: level.warehouse,
          before: level.threshold,
          after: threshold,
        },
      },
      tx,
    );
    return { changed: true, ...level, threshold };
  });
  if (result.changed) await afterStockChange();
  return result;
}
