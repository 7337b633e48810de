import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { stockLevels, variants, warehouses } from "~/db/schema";
import { INVENTORY_LIST } from "~/domain/inventory/inventory-list";
import { listInventory } from "~/domain/inventory/list-inventory.server";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { addStockedVariant, setUpStockShop } from "./stock-fixtures";

useTestDatabase();

const cards = async () =>
  (await listInventory({ params: readListParams(INVENTORY_LIST, new URLSearchParams()) })).summary;

describe("the inventory cards", () => {
  it("follow every change of stock, cost or warehouse at once, though their sums are kept between requests", async () => {
    const shop = await setUpStockShop();
    const bed = await addStockedVariant(shop, {
      sku: "CARD-Q",
      costCents: 100_000,
      stock: { [shop.showroom]: 5, [shop.storeRoom]: 1 },
    });
    expect(await cards()).toMatchObject({ units: 6, lowStock: 1, valueCents: 600_000 });
    expect(await cards()).toMatchObject({ units: 6, lowStock: 1, valueCents: 600_000 });

    await db()
      .update(stockLevels)
      .set({ onHand: 9 })
      .where(eq(stockLevels.warehouseId, shop.showroom));
    expect(await cards()).toMatchObject({ units: 10, valueCents: 1_000_000 });

    await db().update(variants).set({ costCents: 50_000 }).where(eq(variants.id, bed.variantId));
    expect(await cards()).toMatchObject({ units: 10, valueCents: 500_000 });

    await db()
      .update(stockLevels)
      .set({ onHand: 0 })
      .where(eq(stockLevels.warehouseId, shop.storeRoom));
    await db().update(warehouses).set({ active: false }).where(eq(warehouses.id, shop.storeRoom));
    expect(await cards()).toMatchObject({ units: 9, lowStock: 0, outOfStock: 0 });

    // A change that rolls back leaves them as they were.
    await db()
      .transaction(async (tx) => {
        await tx
          .update(stockLevels)
          .set({ onHand: 1 })
          .where(eq(stockLevels.variantId, bed.variantId));
        throw new Error("undo");
      })
      .catch(() => undefined);
    expect(await cards()).toMatchObject({ units: 9 });
  });
});
