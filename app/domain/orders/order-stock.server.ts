import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import {
  orderAllocations,
  orderLines,
  orders,
  stockLevels,
  stockMovements,
  warehouses,
} from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { availableChanges, noteLowStock } from "~/domain/inventory/low-stock.server";
import { lockSellingWarehouses } from "~/domain/inventory/warehouse-locks.server";
import { returnSoldUnits } from "./sold-units.server";

export class OutOfStockError extends DomainError {
  constructor(
    /** Each short line: what is left to sell of it. */
    readonly shortages: { variantId: number; available: number }[],
  ) {
    super(
      "conflict",
      "Someone bought the last of an item just now. Lower its quantity or remove it from your cart and try again.",
      { title: "Not enough stock" },
    );
    this.name = "OutOfStockError";
  }
}

export type Allocation = { variantId: number; warehouseId: number; quantity: number };

/**
 * Holds stock for the lines inside the caller's transaction. The stock rows are locked (in one
 * fixed order, so two checkouts never deadlock) before they are read, so two shoppers can never
 * be given the same last unit, whatever the number of server processes. Only warehouses that
 * are active and sell online are drawn on, the default one first.
 */
export async function reserveStock(
  tx: Tx,
  lines: readonly { variantId: number; quantity: number }[],
): Promise<Map<number, Allocation[]>> {
  const variantIds = [...new Set(lines.map((l) => l.variantId))].sort((a, b) => a - b);
  const selling = (await lockSellingWarehouses(tx)).map((w) => w.id);
  const rows = await tx
    .select({
      variantId: stockLevels.variantId,
      warehouseId: stockLevels.warehouseId,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
      isDefault: warehouses.isDefault,
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(
      and(inArray(stockLevels.variantId, variantIds), inArray(stockLevels.warehouseId, selling)),
    )
    .orderBy(asc(stockLevels.variantId), asc(stockLevels.warehouseId))
    .for("update", { of: stockLevels });

  const allocations = new Map<number, Allocation[]>();
  const shortages: { variantId: number; available: number }[] = [];
  for (const line of lines) {
    const candidates = rows
      .filter((r) => r.variantId === line.variantId)
      .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.warehouseId - b.warehouseId);
    const available = candidates.reduce((sum, r) => sum + Math.max(r.onHand - r.reserved, 0), 0);
    if (available < line.quantity) {
      shortages.push({ variantId: line.variantId, available });
      continue;
    }
    let wanted = line.quantity;
    const taken: Allocation[] = [];
    for (const row of candidates) {
      const take = Math.min(wanted, Math.max(row.onHand - row.reserved, 0));
      if (take <= 0) continue;
      row.reserved += take;
      taken.push({ variantId: line.variantId, warehouseId: row.warehouseId, quantity: take });
      wanted -= take;
      if (wanted === 0) break;
    }
    allocations.set(line.variantId, taken);
  }
  if (shortages.length > 0) throw new OutOfStockError(shortages);

  for (const taken of allocations.values()) {
    for (const a of taken) {
      await tx
        .update(stockLevels)
        .set({ reserved: sql`${stockLevels.reserved} + ${a.quantity}` })
        .where(
          and(eq(stockLevels.variantId, a.variantId), eq(stockLevels.warehouseId, a.warehouseId)),
        );
    }
  }
  const held = [...allocations.values()].flat().map((a) => ({ ...a, by: -a.quantity }));
  await noteLowStock(tx, availableChanges(held));
  return allocations;
}

async function orderAllocationRows(tx: Tx, orderId: number) {
  return tx
    .select({
      variantId: orderAllocations.variantId,
      warehouseId: orderAllocations.warehouseId,
      quantity: orderAllocations.quantity,
    })
    .from(orderAllocations)
    .innerJoin(orderLines, eq(orderLines.id, orderAllocations.orderLineId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderAllocations.variantId), asc(orderAllocations.warehouseId));
}

type StockChange = {
  orderId: number;
  /** For the ledger, e.g. "Order 1001". */
  reference: string;
  actor?: string;
};

/**
 * Moves an order's stock from one state to the next; does nothing when the order's stock is not
 * in the state the step starts from, so a repeated call (a replayed notification, a second
 * process) changes nothing. The order row is locked first.
 */
async function moveOrderStock(
  tx: Tx,
  change: StockChange,
  from: "reserved",
  to: "sold" | "released",
): Promise<boolean> {
  const [order] = await tx
    .select({ stockHold: orders.stockHold })
    .from(orders)
    .where(eq(orders.id, change.orderId))
    .for("update");
  if (!order || order.stockHold !== from) return false;

  const allocationRows = await orderAllocationRows(tx, change.orderId);
  for (const a of allocationRows) {
    const where = and(
      eq(stockLevels.variantId, a.variantId),
      eq(stockLevels.warehouseId, a.warehouseId),
    );
    if (to === "released") {
      await tx
        .update(stockLevels)
        .set({ reserved: sql`greatest(${stockLevels.reserved} - ${a.quantity}, 0)` })
        .where(where);
      continue;
    }
    await tx
      .update(stockLevels)
      .set({
        onHand: sql`greatest(${stockLevels.onHand} - ${a.quantity}, 0)`,
        reserved: sql`greatest(${stockLevels.reserved} - ${a.quantity}, 0)`,
      })
      .where(where);
    await tx.insert(stockMovements).values({
      variantId: a.variantId,
      warehouseId: a.warehouseId,
      kind: "sale",
      quantity: -a.quantity,
      reason: "Paid order",
      reference: change.reference,
      actor: change.actor ?? "system",
      orderId: change.orderId,
    });
  }
  if (to === "released") {
    // Released or returned stock is available again: levels back above their threshold re-arm.
    const freed = allocationRows.map((a) => ({ ...a, by: a.quantity }));
    await noteLowStock(tx, availableChanges(freed));
  }
  await tx
    .update(orders)
    .set({ stockHold: to, updatedAt: new Date() })
    .where(eq(orders.id, change.orderId));
  return true;
}

/** Payment received: the held stock leaves the shelf (a sale in the ledger). */
export function sellOrderStock(tx: Tx, change: StockChange) {
  return moveOrderStock(tx, change, "reserved", "sold");
}

/** Cancelled or expired before payment: the held stock is free to sell again. */
export function releaseOrderStock(tx: Tx, change: StockChange) {
  return moveOrderStock(tx, change, "reserved", "released");
}

/**
 * Cancelled after the sale: every sold unit not back on hand already (by a refund with
 * restock) comes back, each to the warehouse it came from.
 */
export async function returnOrderStock(tx: Tx, change: StockChange) {
  const [order] = await tx
    .select({ stockHold: orders.stockHold })
    .from(orders)
    .where(eq(orders.id, change.orderId))
    .for("update");
  if (order?.stockHold !== "sold") return false;
  await returnSoldUnits(tx, { ...change, units: "all", reason: "Cancelled order" });
  await tx
    .update(orders)
    .set({ stockHold: "returned", updatedAt: new Date() })
    .where(eq(orders.id, change.orderId));
  return true;
}
