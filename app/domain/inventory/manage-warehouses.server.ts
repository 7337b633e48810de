import { and, eq, ne, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { stockLevels, warehouses } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { conflict, DomainError, forbidden, notFound } from "~/domain/errors";
import { codeFromName, WAREHOUSE_CODE_MAX, type CreateWarehouseInput } from "./warehouse-schemas";
import { lockWarehouseExclusively } from "./warehouse-locks.server";

type Actor = Pick<SessionUser, "id" | "email" | "role">;
type Warehouse = typeof warehouses.$inferSelect;

/*
 * Staff rename warehouses; only the owner creates them, decides which sell online and
 * deactivates or reactivates them, because those change what the storefront sells and where
 * stock may be kept (docs/decisions/016).
 */
function requireOwnerActor(actor: Actor, what: string) {
  if (actor.role !== "owner") throw forbidden(`Only the owner can ${what}.`);
}

const audit = (actor: Actor, warehouse: Pick<Warehouse, "code">) => ({
  actorId: actor.id,
  actorEmail: actor.email,
  subject: `warehouse:${warehouse.code}`,
});

async function refuseTakenName(tx: Tx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(
      and(
        sql`lower(${warehouses.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(warehouses.id, exceptId),
      ),
    );
  if (taken) throw conflict(`There is already a warehouse called ${name}.`, "name");
}

/** The code typed, or one made from the name that no warehouse has yet ("store-room-2"). */
async function freeCode(tx: Tx, typed: string, name: string): Promise<string> {
  const taken = async (code: string) =>
    (await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, code)))
      .length > 0;
  if (typed) {
    if (await taken(typed)) throw conflict(`The code ${typed} is taken. Choose another.`, "code");
    return typed;
  }
  const base = codeFromName(name);
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const code = `${base.slice(0, WAREHOUSE_CODE_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!(await taken(code))) return code;
  }
}

const notDeactivated = (message: string) =>
  new DomainError("conflict", message, { title: "Warehouse Not Deactivated" });

async function findWarehouse(tx: Tx, warehouseId: number): Promise<Warehouse> {
  const [row] = await tx.select().from(warehouses).where(eq(warehouses.id, warehouseId));
  if (!row) throw notFound("This warehouse does not exist.");
  return row;
}

/** A new, active warehouse; its code is typed or made from its name. */
export async function createWarehouse(
  options: CreateWarehouseInput & { actor: Actor },
): Promise<Warehouse> {
  const { actor, name, sellsOnline } = options;
  requireOwnerActor(actor, "add warehouses");
  return db().transaction(async (tx) => {
    // One warehouse is added at a time, so two with the same name or code cannot race in.
    await tx.execute(sql`lock table ${warehouses} in share row exclusive mode`);
    await refuseTakenName(tx, name);
    const code = await freeCode(tx, options.code, name);
    const [created] = await tx
      .insert(warehouses)
      .values({ name, code, sellsOnline, isDefault: false, active: true })
      .returning();
    if (!created) throw new Error("The warehouse was not saved.");
    await recordAudit(
      { action: "warehouse_created", ...audit(actor, created), details: { name, sellsOnline } },
      tx,
    );
    return created;
  });
}

export async function renameWarehouse(options: {
  warehouseId: number;
  name: string;
  actor: Actor;
}): Promise<{ from: string; to: string }> {
  const { warehouseId, name, actor } = options;
  return db().transaction(async (tx) => {
    await tx.execute(sql`lock table ${warehouses} in share row exclusive mode`);
    const warehouse = await findWarehouse(tx, warehouseId);
    if (warehouse.name === name) return { from: name, to: name };
    await refuseTakenName(tx, name, warehouseId);
    await tx.update(warehouses).set({ name }).where(eq(warehouses.id, warehouseId));
    await recordAudit(
      {
        action: "warehouse_renamed",
        ...audit(actor, warehouse),
        details: { from: warehouse.name, to: name },
      },
      tx,
    );
    return { from: warehouse.name, to: name };
  });
}

/** Whether the storefront sells this warehouse's stock; it follows at once. */
export async function setWarehouseSellsOnline(options: {
  warehouseId: number;
  sellsOnline: boolean;
  actor: Actor;
}): Promise<{ name: string; changed: boolean }> {
  const { warehouseId, sellsOnline, actor } = options;
  requireOwnerActor(actor, "decide which warehouses sell online");
  return db().transaction(async (tx) => {
    const warehouse = await findWarehouse(tx, warehouseId);
    if (warehouse.sellsOnline === sellsOnline) return { name: warehouse.name, changed: false };
    await tx.update(warehouses).set({ sellsOnline }).where(eq(warehouses.id, warehouseId));
    await recordAudit(
      {
        action: "warehouse_sells_online_changed",
        ...audit(actor, warehouse),
        details: { from: warehouse.sellsOnline, to: sellsOnline },
      },
      tx,
    );
    return { name: warehouse.name, changed: true };
  });
}

/**
 * Deactivates an empty warehouse: refused for the default one and for one holding stock (on
 * hand or reserved on any level). The warehouse is locked first, so no stock can arrive there
 * between the count and the change (see warehouse-locks.server.ts).
 */
export async function deactivateWarehouse(options: {
  warehouseId: number;
  actor: Actor;
}): Promise<{ name: string; changed: boolean }> {
  const { warehouseId, actor } = options;
  requireOwnerActor(actor, "deactivate warehouses");
  return db().transaction(async (tx) => {
    const warehouse = await lockWarehouseExclusively(tx, warehouseId);
    if (!warehouse) throw notFound("This warehouse does not exist.");
    if (!warehouse.active) return { name: warehouse.name, changed: false };
    if (warehouse.isDefault) {
      throw notDeactivated(
        `${warehouse.name} is the default warehouse: checkout and new products draw on it, so it cannot be deactivated.`,
      );
    }
    const [held] = await tx
      .select({
        onHand: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::int`.mapWith(Number),
        reserved: sql<number>`coalesce(sum(${stockLevels.reserved}), 0)::int`.mapWith(Number),
      })
      .from(stockLevels)
      .where(eq(stockLevels.warehouseId, warehouseId));
    if (held && (held.onHand > 0 || held.reserved > 0)) {
      const reserved = held.reserved > 0 ? ` (${held.reserved} reserved for orders)` : "";
      throw notDeactivated(
        `${warehouse.name} still holds ${held.onHand} ${held.onHand === 1 ? "unit" : "units"}${reserved}. Transfer or adjust its stock to zero before deactivating it.`,
      );
    }
    await tx.update(warehouses).set({ active: false }).where(eq(warehouses.id, warehouseId));
    await recordAudit({ action: "warehouse_deactivated", ...audit(actor, warehouse) }, tx);
    return { name: warehouse.name, changed: true };
  });
}

export async function reactivateWarehouse(options: {
  warehouseId: number;
  actor: Actor;
}): Promise<{ name: string; changed: boolean }> {
  const { warehouseId, actor } = options;
  requireOwnerActor(actor, "reactivate warehouses");
  return db().transaction(async (tx) => {
    const warehouse = await findWarehouse(tx, warehouseId);
    if (warehouse.active) return { name: warehouse.name, changed: false };
    await tx.update(warehouses).set({ active: true }).where(eq(warehouses.id, warehouseId));
    await recordAudit({ action: "warehouse_reactivated", ...audit(actor, warehouse) }, tx);
    return { name: warehouse.name, changed: true };
  });
}
