import { asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { stockLevels, warehouses } from "~/db/schema";

export type WarehouseSummary = {
  id: number;
  code: string;
  name: string;
  isDefault: boolean;
  sellsOnline: boolean;
  active: boolean;
  /** Units on the shelves there, reserved ones included. */
  onHand: number;
  reserved: number;
  /** Variants with at least one unit on hand there. */
  variantsHeld: number;
};

/** Every warehouse with the stock it holds: the default first, then active ones, by name. */
export async function listWarehouses(): Promise<WarehouseSummary[]> {
  return db()
    .select({
      id: warehouses.id,
      code: warehouses.code,
      name: warehouses.name,
      isDefault: warehouses.isDefault,
      sellsOnline: warehouses.sellsOnline,
      active: warehouses.active,
      onHand: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::int`.mapWith(Number),
      reserved: sql<number>`coalesce(sum(${stockLevels.reserved}), 0)::int`.mapWith(Number),
      variantsHeld:
        sql<number>`count(${stockLevels.variantId}) filter (where ${stockLevels.onHand} > 0)::int`.mapWith(
          Number,
        ),
    })
    .from(warehouses)
    .leftJoin(stockLevels, eq(stockLevels.warehouseId, warehouses.id))
    .groupBy(warehouses.id)
    .orderBy(desc(warehouses.isDefault), desc(warehouses.active), asc(warehouses.name));
}
