import { beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors";
import { adjustStock } from "~/domain/inventory/adjust-stock.server";
import type { AdjustStockInput } from "~/domain/inventory/stock-schemas";
import { useTestDatabase } from "../../setup/database";
import { addStockedVariant, levelOf, setUpStockShop, type StockShop } from "./stock-fixtures";

// On PGlite the database runs one transaction at a time, so this proves the arithmetic; on
// PostgreSQL (TEST_DATABASE_URL) the pool's connections really race for the same rows.
useTestDatabase();

let shop: StockShop;
beforeAll(async () => {
  shop = await setUpStockShop();
});

const adjustment = (sku: string, quantity: number): AdjustStockInput => ({
  sku,
  warehouseId: shop.showroom,
  kind: "adjustment",
  quantity,
  reason: "Counted",
  toWarehouseId: null,
});
const transfer = (sku: string, from: number, to: number, quantity: number): AdjustStockInput => ({
  sku,
  warehouseId: from,
  kind: "transfer",
  quantity,
  reason: "",
  toWarehouseId: to,
});

describe("adjustments and transfers at once on one level", () => {
  it("lose nothing: 20 at once, transfers both ways, leave exactly the sum in each warehouse and the ledger", async () => {
    const bed = await addStockedVariant(shop, {
      stock: { [shop.showroom]: 100, [shop.storeRoom]: 20 },
    });
    const inputs = [
      ...Array.from({ length: 8 }, () => adjustment(bed.sku, -1)),
      ...Array.from({ length: 4 }, () => adjustment(bed.sku, 2)),
      ...Array.from({ length: 5 }, () => transfer(bed.sku, shop.showroom, shop.storeRoom, 3)),
      ...Array.from({ length: 3 }, () => transfer(bed.sku, shop.storeRoom, shop.showroom, 2)),
    ];
    const results = await Promise.allSettled(
      inputs.map((input) => adjustStock({ input, actor: shop.staff })),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    // Showroom: 100 - 8 + 8 - 15 + 6; store room: 20 + 15 - 6.
    expect(await levelOf(bed.variantId, shop.showroom)).toEqual({
      onHand: 91,
      reserved: 0,
      ledger: 91,
    });
    expect(await levelOf(bed.variantId, shop.storeRoom)).toEqual({
      onHand: 29,
      reserved: 0,
      ledger: 29,
    });
  });

  it("sell the last units once: of 20 removals of one unit from 5, exactly 5 go through", async () => {
    const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
    const inputs = [
      ...Array.from({ length: 12 }, () => adjustment(bed.sku, -1)),
      ...Array.from({ length: 8 }, () => transfer(bed.sku, shop.showroom, shop.storeRoom, 1)),
    ];
    const results = await Promise.allSettled(
      inputs.map((input) => adjustStock({ input, actor: shop.staff })),
    );
    const done = results.filter((r) => r.status === "fulfilled").length;
    expect(done).toBe(5);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toBeInstanceOf(DomainError);
        expect(r.reason).toMatchObject({ kind: "conflict", field: "quantity" });
      }
    }
    const showroom = await levelOf(bed.variantId, shop.showroom);
    const storeRoom = await levelOf(bed.variantId, shop.storeRoom);
    expect(showroom).toEqual({ onHand: 0, reserved: 0, ledger: 0 });
    expect(storeRoom.onHand).toBe(storeRoom.ledger);
    expect(storeRoom.onHand).toBeLessThanOrEqual(5);
  });
});
