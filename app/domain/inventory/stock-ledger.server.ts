import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { stockLevels, stockMovements, warehouses } from "~/db/schema";
import { conflict, invalid } from "~/domain/errors";
import { availableChanges, noteLowStock } from "./low-stock.server";
import { lockWarehousesForStock } from "./warehouse-locks.server";

export type StockMovementKind = (typeof stockMovements.$inferInsert)["kind"];

export type StockMovementInput = {
  variantId: number;
  warehouseId: number;
  kind: StockMovementKind;
  /** Signed: what on hand changes by. Never zero. */
  quantity: number;
  reason?: string;
  /** Shown in the history, e.g. "PO-0003", "Transfer to Store room". */
  reference?: string;
  /** "system", or the staff member's e-mail address. */
  actor: string;
  orderId?: number | null;
  purchaseOrderId?: number | null;
  transferId?: string | null;
};

/** A stock level as one call to recordStockMovements left it. */
export type StockLevelChange = {
  variantId: number;
  warehouseId: number;
  onHandBefore: number;
  onHand: number;
  reserved: number;
  lowStockThreshold: number;
};

const levelKey = (variantId: number, warehouseId: number) => `${variantId}:${warehouseId}`;

/**
 * The one way on-hand stock changes outside checkout's reservations: writes each movement to the
 * ledger and its level in the caller's transaction, so on hand is always the sum of the ledger.
 * Levels are locked in (variant, warehouse) order, so concurrent calls never deadlock and never
 * lose an update. A missing level is created (a first receipt into a warehouse). Refused, with
 * nothing written, when a warehouse is inactive or a level would fall below zero or below what is
 * reserved for orders.
 */
export async function recordStockMovements(
  tx: Tx,
  movements: readonly StockMovementInput[],
): Promise<StockLevelChange[]> {
  if (movements.length === 0) return [];
  for (const m of movements) {
    if (!Number.isInteger(m.quantity) || m.quantity === 0) {
      throw invalid("Enter a whole number of units other than zero.", "quantity");
    }
  }
  const keys = new Map<string, { variantId: number; warehouseId: number; delta: number }>();
  for (const m of movements) {
    const key = levelKey(m.variantId, m.warehouseId);
    const entry = keys.get(key) ?? { variantId: m.variantId, warehouseId: m.warehouseId, delta: 0 };
    entry.delta += m.quantity;
    keys.set(key, entry);
  }
  const targets = [...keys.values()].sort(
    (a, b) => a.variantId - b.variantId || a.warehouseId - b.warehouseId,
  );

  // Shared locks on the warehouses first: none is deactivated while this change is under way.
  const warehouseIds = new Set(targets.map((t) => t.warehouseId));
  const locked = await lockWarehousesForStock(tx, [...warehouseIds]);
  if (locked.length < warehouseIds.size) throw invalid("Choose a warehouse.", "warehouseId");
  await tx
    .insert(stockLevels)
    .values(targets.map((t) => ({ variantId: t.variantId, warehouseId: t.warehouseId })))
    .onConflictDoNothing();

  const variantIds = [...new Set(targets.map((t) => t.variantId))];
  const rows = await tx
    .select({
      variantId: stockLevels.variantId,
      warehouseId: stockLevels.warehouseId,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
      lowStockThreshold: stockLevels.lowStockThreshold,
      warehouseName: warehouses.name,
      warehouseActive: warehouses.active,
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(
      and(
        inArray(stockLevels.variantId, variantIds),
        inArray(
          stockLevels.warehouseId,
          targets.map((t) => t.warehouseId),
        ),
      ),
    )
    .orderBy(asc(stockLevels.variantId), asc(stockLevels.warehouseId))
    .for("update", { of: stockLevels });
  const byKey = new Map(rows.map((r) => [levelKey(r.variantId, r.warehouseId), r]));

  const changes: StockLevelChange[] = [];
  for (const t of targets) {
    const row = byKey.get(levelKey(t.variantId, t.warehouseId));
    if (!row) throw invalid("Choose a warehouse.", "warehouseId");
    if (!row.warehouseActive) {
      throw invalid(
        `${row.warehouseName} is inactive: it takes no stock movements.`,
        "warehouseId",
      );
    }
    const onHand = row.onHand + t.delta;
    if (onHand < 0) {
      throw conflict(
        `${row.warehouseName} has only ${row.onHand} on hand: it cannot go below zero.`,
        "quantity",
      );
    }
    if (onHand < row.reserved) {
      throw conflict(
        `${row.reserved} of ${row.onHand} on hand in ${row.warehouseName} are reserved for orders: on hand cannot fall below ${row.reserved}.`,
        "quantity",
      );
    }
    changes.push({
      variantId: t.variantId,
      warehouseId: t.warehouseId,
      onHandBefore: row.onHand,
      onHand,
      reserved: row.reserved,
      lowStockThreshold: row.lowStockThreshold,
    });
  }

  for (const c of changes) {
    if (c.onHand === c.onHandBefore) continue;
    await tx
      .update(stockLevels)
      .set({ onHand: sql`${stockLevels.onHand} + ${c.onHand - c.onHandBefore}` })
      .where(
        and(eq(stockLevels.variantId, c.variantId), eq(stockLevels.warehouseId, c.warehouseId)),
      );
  }
  await tx.insert(stockMovements).values(
    movements.map((m) => ({
      variantId: m.variantId,
      warehouseId: m.warehouseId,
      kind: m.kind,
      quantity: m.quantity,
      reason: m.reason ?? "",
      reference: m.reference ?? "",
      actor: m.actor,
      orderId: m.orderId ?? null,
      purchaseOrderId: m.purchaseOrderId ?? null,
      transferId: m.transferId ?? null,
    })),
  );
  await noteLowStock(
    tx,
    availableChanges(changes.map((c) => ({ ...c, by: c.onHand - c.onHandBefore }))),
  );
  return changes;
}
