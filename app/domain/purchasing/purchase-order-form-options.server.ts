import { asc, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { suppliers, warehouses } from "~/db/schema";
import { shopToday } from "~/lib/dates";

/** The suppliers a new purchase order may be for: the active ones, by name, with lead times. */
export async function listOrderableSuppliers() {
  return db()
    .select({ id: suppliers.id, name: suppliers.name, leadTimeDays: suppliers.leadTimeDays })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(asc(suppliers.name), asc(suppliers.id));
}

/** The purchase order form's choices and today's date in the shop's time zone. */
export async function purchaseOrderFormOptions() {
  return { suppliers: await listOrderableSuppliers(), today: shopToday() };
}

/** The warehouses goods can be received into: the active ones, the default first. */
export async function listReceivingWarehouses() {
  return db()
    .select({ id: warehouses.id, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(eq(warehouses.active, true))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.name), asc(warehouses.id));
}
