import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  categories,
  products,
  stockLevels,
  stockMovements,
  users,
  variants,
  warehouses,
} from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";

export type StockShop = Awaited<ReturnType<typeof setUpStockShop>>;

/**
 * A category, three warehouses (the default Showroom, a Store room, an inactive Old shed) and a
 * staff member and the owner to act.
 */
export async function setUpStockShop() {
  const [category] = await db()
    .insert(categories)
    .values({ slug: "stock-beds", name: "Beds" })
    .returning();
  const rows = await db()
    .insert(warehouses)
    .values([
      { code: "showroom", name: "Showroom", isDefault: true },
      { code: "store-room", name: "Store room" },
      { code: "old-shed", name: "Old shed", active: false },
    ])
    .returning();
  const [showroom, storeRoom, oldShed] = rows as [
    (typeof rows)[number],
    (typeof rows)[number],
    (typeof rows)[number],
  ];
  const staff = await addUser("staff");
  const owner = await addUser("owner");
  return {
    categoryId: category!.id,
    showroom: showroom.id,
    storeRoom: storeRoom.id,
    oldShed: oldShed.id,
    staff,
    owner,
  };
}

let userCounter = 0;
export async function addUser(role: SessionUser["role"]): Promise<SessionUser> {
  const n = ++userCounter;
  const user = {
    id: `user-${role}-${n}`,
    name: `${role} ${n}`,
    email: `${role}-${n}@example.com`,
    role,
  };
  await db().insert(users).values(user);
  return user;
}

let counter = 0;

/**
 * A product with one size, and its opening stock in each warehouse named, received through the
 * ledger (so on hand is the sum of the movements from the start). Warehouses given 0 get an
 * empty level.
 */
export async function addStockedVariant(
  shop: StockShop,
  options: {
    title?: string;
    sku?: string;
    size?: (typeof variants.$inferInsert)["size"];
    costCents?: number | null;
    stock?: Record<number, number>;
    threshold?: number;
  } = {},
) {
  const n = ++counter;
  const [product] = await db()
    .insert(products)
    .values({
      slug: `stock-bed-${n}`,
      title: options.title ?? `Stock Bed ${n}`,
      type: "Foam Bed",
      categoryId: shop.categoryId,
    })
    .returning();
  const [variant] = await db()
    .insert(variants)
    .values({
      productId: product!.id,
      size: options.size ?? "queen",
      sku: options.sku ?? `SB-${n}-Q`,
      priceCents: 300_000,
      costCents: options.costCents === undefined ? 150_000 : options.costCents,
    })
    .returning();
  const stock = options.stock ?? { [shop.showroom]: 10 };
  for (const [warehouseId, units] of Object.entries(stock)) {
    await db()
      .insert(stockLevels)
      .values({
        variantId: variant!.id,
        warehouseId: Number(warehouseId),
        lowStockThreshold: options.threshold ?? 2,
      });
    if (units > 0) {
      await db().transaction((tx) =>
        recordStockMovements(tx, [
          {
            variantId: variant!.id,
            warehouseId: Number(warehouseId),
            kind: "purchase_receipt",
            quantity: units,
            reason: "Opening stock",
            actor: "system",
          },
        ]),
      );
    }
  }
  return { productId: product!.id, variantId: variant!.id, sku: variant!.sku };
}

/** A variant's level in a warehouse, with the sum of its movements there. */
export async function levelOf(variantId: number, warehouseId: number) {
  const [level] = await db()
    .select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
  const [ledger] = await db()
    .select({ sum: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
    .from(stockMovements)
    .where(
      and(eq(stockMovements.variantId, variantId), eq(stockMovements.warehouseId, warehouseId)),
    );
  return { onHand: level?.onHand ?? 0, reserved: level?.reserved ?? 0, ledger: ledger!.sum };
}
