import { asc, eq, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderAllocations, orderLines, orders, warehouses } from "~/db/schema";
import { conflict } from "~/domain/errors";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";

/** Units of a variant to put back on hand, or "all" that were sold and are not back yet. */
export type UnitsToReturn = { variantId: number; quantity: number }[] | "all";

type PlannedReturn = {
  allocationId: number;
  variantId: number;
  warehouseId: number;
  warehouseName: string;
  warehouseActive: boolean;
  quantity: number;
};

/**
 * Which allocations the units come back against: each allocation gives back at most what it
 * drew less what came back already, the first drawn first, so a unit sold goes back at most
 * once and to the warehouse it came from. The allocation rows are locked; asking for more than
 * is left simply returns what is left (the rest is back on hand already).
 */
export async function planUnitReturns(
  tx: Tx,
  options: { orderId: number; units: UnitsToReturn },
): Promise<PlannedReturn[]> {
  // Only a sale's units come back: held stock that was released never left the shelf.
  const [order] = await tx
    .select({ stockHold: orders.stockHold })
    .from(orders)
    .where(eq(orders.id, options.orderId));
  if (order?.stockHold !== "sold" && order?.stockHold !== "returned") return [];
  const rows = await tx
    .select({
      id: orderAllocations.id,
      variantId: orderAllocations.variantId,
      warehouseId: orderAllocations.warehouseId,
      left: sql<number>`${orderAllocations.quantity} - ${orderAllocations.returnedQuantity}`,
      warehouseName: warehouses.name,
      warehouseActive: warehouses.active,
    })
    .from(orderAllocations)
    .innerJoin(orderLines, eq(orderLines.id, orderAllocations.orderLineId))
    .innerJoin(warehouses, eq(warehouses.id, orderAllocations.warehouseId))
    .where(eq(orderLines.orderId, options.orderId))
    .orderBy(asc(orderAllocations.id))
    .for("update", { of: orderAllocations });
  const wanted = new Map<number, number>();
  if (options.units !== "all") {
    for (const u of options.units) {
      wanted.set(u.variantId, (wanted.get(u.variantId) ?? 0) + u.quantity);
    }
  }
  const planned: PlannedReturn[] = [];
  for (const row of rows) {
    const want = options.units === "all" ? row.left : (wanted.get(row.variantId) ?? 0);
    const quantity = Math.min(want, row.left);
    if (quantity <= 0) continue;
    if (options.units !== "all") wanted.set(row.variantId, want - quantity);
    planned.push({
      allocationId: row.id,
      variantId: row.variantId,
      warehouseId: row.warehouseId,
      warehouseName: row.warehouseName,
      warehouseActive: row.warehouseActive,
      quantity,
    });
  }
  return planned;
}

/** Refuses, before any money moves, a return into a warehouse that takes no stock now. */
export function assertReturnTargetsActive(planned: readonly PlannedReturn[]) {
  const inactive = planned.find((p) => !p.warehouseActive);
  if (inactive) {
    throw conflict(
      `These goods came from ${inactive.warehouseName}, which is inactive: reactivate it, or refund without putting the goods back in stock.`,
      "restock",
    );
  }
}

/**
 * Puts sold units back on hand (return movements in the stock ledger) against their
 * allocations. Units whose warehouse has become inactive since are left out, not refused: this
 * runs after money was paid back, which must not be undone; the caller says so on the order.
 * Answers what came back and what was left out.
 */
export async function returnSoldUnits(
  tx: Tx,
  options: {
    orderId: number;
    units: UnitsToReturn;
    /** For the ledger, e.g. "Order 1001". */
    reference: string;
    reason: string;
    actor?: string;
  },
): Promise<{ returned: PlannedReturn[]; leftOut: PlannedReturn[] }> {
  const planned = await planUnitReturns(tx, options);
  const returned = planned.filter((p) => p.warehouseActive);
  const leftOut = planned.filter((p) => !p.warehouseActive);
  for (const p of returned) {
    await tx
      .update(orderAllocations)
      .set({ returnedQuantity: sql`${orderAllocations.returnedQuantity} + ${p.quantity}` })
      .where(eq(orderAllocations.id, p.allocationId));
  }
  await recordStockMovements(
    tx,
    returned.map((p) => ({
      variantId: p.variantId,
      warehouseId: p.warehouseId,
      kind: "return" as const,
      quantity: p.quantity,
      reason: options.reason,
      reference: options.reference,
      actor: options.actor ?? "system",
      orderId: options.orderId,
    })),
  );
  return { returned, leftOut };
}
