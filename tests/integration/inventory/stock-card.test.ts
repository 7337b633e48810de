import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, purchaseOrders, suppliers } from "~/db/schema";
import type { DomainError } from "~/domain/errors";
import { adjustStock } from "~/domain/inventory/adjust-stock.server";
import { getStockCard } from "~/domain/inventory/get-stock-card.server";
import { setLowStockThreshold } from "~/domain/inventory/set-low-stock-threshold.server";
import { MOVEMENT_HISTORY } from "~/domain/inventory/stock-card";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";
import { sellOrderStock } from "~/domain/orders/order-stock.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { readListParams } from "~/lib/list-params";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { checkout } from "../orders/fixtures";
import { addStockedVariant, addUser, setUpStockShop, type StockShop } from "./stock-fixtures";

useTestDatabase();

let shop: StockShop;
beforeAll(async () => {
  await insertStoreSettings();
  shop = await setUpStockShop();
});

const card = (variantId: number, query = "") =>
  getStockCard({ variantId, params: readListParams(MOVEMENT_HISTORY, new URLSearchParams(query)) });

describe("a variant's stock card", () => {
  it("shows the variant, its level per warehouse and its history newest first, with links to orders and purchase orders", async () => {
    const bed = await addStockedVariant(shop, {
      title: "Card Bed",
      size: "double",
      costCents: 123_450,
      stock: { [shop.showroom]: 6 },
    });
    await adjustStock({
      input: {
        sku: bed.sku,
        warehouseId: shop.showroom,
        kind: "transfer",
        quantity: 2,
        reason: "For the display",
        toWarehouseId: shop.storeRoom,
      },
      actor: shop.staff,
    });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    await db().transaction((tx) =>
      sellOrderStock(tx, { orderId: order.id, reference: `Order ${order.number}` }),
    );
    const [supplier] = await db().insert(suppliers).values({ name: "Card Supplier" }).returning();
    const [po] = await db()
      .insert(purchaseOrders)
      .values({ number: 7, supplierId: supplier!.id, orderDate: "2026-01-05" })
      .returning();
    await db().transaction((tx) =>
      recordStockMovements(tx, [
        {
          variantId: bed.variantId,
          warehouseId: shop.storeRoom,
          kind: "purchase_receipt",
          quantity: 5,
          reference: "PO-0007",
          actor: shop.owner.email,
          purchaseOrderId: po!.id,
        },
      ]),
    );

    const result = await card(bed.variantId);
    expect(result.variant).toMatchObject({
      sku: bed.sku,
      title: "Card Bed",
      sizeLabel: "Double",
      costCents: 123_450,
    });
    expect(
      result.levels.map((l) => [l.warehouse, l.onHand, l.reserved, l.available, l.status]),
    ).toEqual([
      ["Showroom", 3, 0, 3, "in_stock"],
      ["Store room", 7, 0, 7, "in_stock"],
    ]);
    expect(result.history.total).toBe(5);
    expect(
      result.history.rows.map((m) => [
        m.kind,
        m.quantity,
        m.warehouse,
        m.actor,
        m.orderNumber,
        m.purchaseOrderNumber,
      ]),
    ).toEqual([
      ["purchase_receipt", 5, "Store room", shop.owner.email, null, "PO-0007"],
      ["sale", -1, "Showroom", "system", order.number, null],
      ["transfer", 2, "Store room", shop.staff.email, null, null],
      ["transfer", -2, "Showroom", shop.staff.email, null, null],
      ["purchase_receipt", 6, "Showroom", "system", null, null],
    ]);
    expect(result.history.rows[0]!.purchaseOrderId).toBe(po!.id);
    expect(result.history.rows[3]).toMatchObject({
      reason: "For the display",
      reference: "Transfer to Store room",
    });
  });

  it("pages the history 20 at a time, newest first", async () => {
    const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 1 } });
    for (let i = 1; i <= 24; i++) {
      await adjustStock({
        input: {
          sku: bed.sku,
          warehouseId: shop.showroom,
          kind: "adjustment",
          quantity: 1,
          reason: `Count ${i}`,
          toWarehouseId: null,
        },
        actor: shop.staff,
      });
    }
    const first = await card(bed.variantId);
    expect(first.history).toMatchObject({ total: 25, page: 1, pageCount: 2 });
    expect(first.history.rows).toHaveLength(20);
    expect(first.history.rows[0]!.reason).toBe("Count 24");
    const second = await card(bed.variantId, "page=2");
    expect(second.history.rows.map((m) => m.reason)).toEqual([
      "Count 4",
      "Count 3",
      "Count 2",
      "Count 1",
      "Opening stock",
    ]);
  });

  it("is not found for a variant that does not exist", async () => {
    await expect(card(2_000_000)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe("setLowStockThreshold", () => {
  it("changes one level's threshold, with its audit line, and the status follows", async () => {
    const bed = await addStockedVariant(shop, {
      stock: { [shop.showroom]: 4, [shop.storeRoom]: 4 },
    });
    const result = await setLowStockThreshold({
      variantId: bed.variantId,
      warehouseId: shop.showroom,
      threshold: 5,
      actor: shop.staff,
    });
    expect(result).toMatchObject({ changed: true, threshold: 5, warehouse: "Showroom" });
    const levels = (await card(bed.variantId)).levels;
    expect(levels.map((l) => [l.warehouse, l.lowStockThreshold, l.status])).toEqual([
      ["Showroom", 5, "low_stock"],
      ["Store room", 2, "in_stock"],
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "low_stock_threshold_changed"));
    expect(audits.map((a) => [a.actorEmail, a.details])).toEqual([
      [shop.staff.email, { sku: bed.sku, warehouse: "Showroom", before: 2, after: 5 }],
    ]);
    const again = await setLowStockThreshold({
      variantId: bed.variantId,
      warehouseId: shop.showroom,
      threshold: 5,
      actor: shop.staff,
    });
    expect(again.changed).toBe(false);
  });

  it("refuses a threshold that is not a whole number from 0 to 100,000, a missing level and a customer", async () => {
    const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 4 } });
    const set = (threshold: number, warehouseId = shop.showroom, actor = shop.owner) =>
      setLowStockThreshold({ variantId: bed.variantId, warehouseId, threshold, actor }).then(
        () => null,
        (e: DomainError) => [e.kind, e.field ?? null],
      );
    expect(await set(-1)).toEqual(["invalid", "threshold"]);
    expect(await set(1.5)).toEqual(["invalid", "threshold"]);
    expect(await set(100_001)).toEqual(["invalid", "threshold"]);
    expect(await set(3, shop.storeRoom)).toEqual(["not_found", null]);
    expect(await set(3, shop.showroom, await addUser("customer"))).toEqual(["forbidden", null]);
    expect((await card(bed.variantId)).levels[0]!.lowStockThreshold).toBe(2);
  });
});
