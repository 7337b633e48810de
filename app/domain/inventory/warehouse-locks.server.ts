import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { warehouses } from "~/db/schema";

/*
 * Stock changes take a shared lock on the warehouses they touch before they lock stock levels;
 * deactivating a warehouse takes it exclusively (FOR UPDATE) before it counts the stock there.
 * So a warehouse is never deactivated while a change into it is under way (deactivation waits
 * for it and then sees its stock), and a change that comes after sees the warehouse inactive.
 * Shared locks do not wait for each other, so stock changes still run side by side.
 */

/** Locks the named warehouses (shared) and answers each one's name and whether it is active. */
export async function lockWarehousesForStock(tx: Tx, warehouseIds: readonly number[]) {
  const ids = [...new Set(warehouseIds)].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return tx
    .select({ id: warehouses.id, name: warehouses.name, active: warehouses.active })
    .from(warehouses)
    .where(inArray(warehouses.id, ids))
    .orderBy(asc(warehouses.id))
    .for("share");
}

/** Locks (shared) and answers the warehouses checkout may sell from: active and selling online. */
export async function lockSellingWarehouses(tx: Tx) {
  return tx
    .select({ id: warehouses.id, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(and(eq(warehouses.active, true), eq(warehouses.sellsOnline, true)))
    .orderBy(asc(warehouses.id))
    .for("share");
}

/** Locks one warehouse exclusively, for deactivating it; undefined when there is none. */
export async function lockWarehouseExclusively(tx: Tx, warehouseId: number) {
  const [row] = await tx
    .select()
    .from(warehouses)
    .where(eq(warehouses.id, warehouseId))
    .for("update");
  return row;
}
