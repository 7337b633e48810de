import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, products, stockLevels, users, variants, warehouses } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";

let counter = 0;

/** A category and three warehouses: the default Showroom, a Store room, a Workshop not selling online. */
export async function setUpWarehouses() {
  const n = ++counter;
  const [category] = await db()
    .insert(categories)
    .values({ slug: `wh-beds-${n}`, name: `Beds ${n}` })
    .returning();
  const rows = await db()
    .insert(warehouses)
    .values([
      { code: `main-${n}`, name: `Showroom ${n}`, isDefault: true },
      { code: `store-${n}`, name: `Store room ${n}` },
      { code: `workshop-${n}`, name: `Workshop ${n}`, sellsOnline: false },
    ])
    .returning();
  return {
    categoryId: category!.id,
    showroom: rows[0]!.id,
    storeRoom: rows[1]!.id,
    workshop: rows[2]!.id,
  };
}

/** An active product with one queen variant and no stock yet. */
export async function addBed(categoryId: number, title = `Bed ${++counter}`) {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-") + `-${++counter}`;
  const [product] = await db()
    .insert(products)
    .values({ slug, title, type: "Foam Bed", categoryId, status: "active" })
    .returning();
  const [variant] = await db()
    .insert(variants)
    .values({
      productId: product!.id,
      size: "queen",
      sku: `WH-${counter}-QN`,
      priceCents: 250_000,
    })
    .returning();
  return { productId: product!.id, slug, variantId: variant!.id };
}

/** Stock changes through the ledger, as the back office makes them. */
export async function moveStock(
  variantId: number,
  warehouseId: number,
  quantity: number,
  kind: "adjustment" | "purchase_receipt" | "sale" = "adjustment",
) {
  return db().transaction((tx) =>
    recordStockMovements(tx, [
      { variantId, warehouseId, kind, quantity, reason: "Test", actor: "staff@example.com" },
    ]),
  );
}

export async function levelOf(variantId: number, warehouseId: number) {
  const [row] = await db()
    .select()
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
  return row;
}

let userCounter = 0;
/** An account with a role, straight into the users table (no session needed). */
export async function addPerson(role: SessionUser["role"], email?: string): Promise<SessionUser> {
  const n = ++userCounter;
  const user = {
    id: `wh-${role}-${n}-${Math.random().toString(36).slice(2, 8)}`,
    name: `${role} ${n}`,
    email: email ?? `wh-${role}-${n}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    role,
  };
  await db().insert(users).values(user);
  return user;
}
