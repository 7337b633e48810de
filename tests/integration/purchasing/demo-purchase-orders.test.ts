import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  categories,
  products,
  purchaseOrderEvents,
  purchaseOrders,
  stockMovements,
  variants,
  warehouses,
} from "~/db/schema";
import { insertDemoPurchaseOrders } from "~/db/seed/demo-purchase-orders.server";
import { insertDemoSuppliers } from "~/db/seed/demo-suppliers.server";
import { ensureDemoOwner } from "~/domain/auth/demo-owner.server";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-order-get.server";
import { useTestDatabase } from "../../setup/database";

useTestDatabase();

beforeAll(async () => {
  await db().insert(warehouses).values({ code: "main", name: "Showroom", isDefault: true });
  for (const slug of ["mattresses", "beds", "furniture", "pillows"]) {
    const [category] = await db().insert(categories).values({ slug, name: slug }).returning();
    for (let i = 1; i <= 4; i++) {
      const [product] = await db()
        .insert(products)
        .values({
          slug: `${slug}-${i}`,
          title: `${slug} ${i}`,
          type: "Foam Bed",
          categoryId: category!.id,
        })
        .returning();
      await db()
        .insert(variants)
        .values({
          productId: product!.id,
          size: "queen",
          sku: `${slug}-${i}-Q`.toUpperCase(),
          priceCents: 300_000,
          costCents: 150_000,
        });
    }
  }
  await ensureDemoOwner();
});

describe("the demo's purchase orders", () => {
  it("are left out while the demo suppliers are missing", async () => {
    await insertDemoPurchaseOrders();
    expect(await db().select().from(purchaseOrders)).toEqual([]);
  });

  it("come in every stage, made through the back office's functions, once", async () => {
    await db().transaction((tx) => insertDemoSuppliers(tx));
    await insertDemoPurchaseOrders();
    await insertDemoPurchaseOrders();
    const rows = await db()
      .select({
        id: purchaseOrders.id,
        number: purchaseOrders.number,
        status: purchaseOrders.status,
        orderDate: purchaseOrders.orderDate,
      })
      .from(purchaseOrders)
      .orderBy(asc(purchaseOrders.number));
    expect(rows.map((r) => [r.number, r.status])).toEqual([
      [1, "received"],
      [2, "in_transit"],
      [3, "approved"],
      [4, "pending"],
      [5, "draft"],
    ]);
    // Dated back: the oldest first.
    expect([...rows.map((r) => r.orderDate)].sort()).toEqual(rows.map((r) => r.orderDate));

    const received = await getPurchaseOrder({ id: rows[0]!.id });
    expect(received.events.map((e) => e.type)).toEqual([
      "created",
      "submitted",
      "approved",
      "in_transit",
      "received_part",
      "received_all",
    ]);
    expect(received.events.every((e) => e.who !== "System")).toBe(true);
    const movements = await db()
      .select({
        kind: stockMovements.kind,
        quantity: stockMovements.quantity,
        reference: stockMovements.reference,
      })
      .from(stockMovements)
      .where(eq(stockMovements.purchaseOrderId, rows[0]!.id))
      .orderBy(asc(stockMovements.id));
    expect(movements).toEqual([
      { kind: "purchase_receipt", quantity: 6, reference: "PO-0001" },
      { kind: "purchase_receipt", quantity: 4, reference: "PO-0001" },
    ]);
    const timeline = await db()
      .select({ createdAt: purchaseOrderEvents.createdAt })
      .from(purchaseOrderEvents)
      .where(eq(purchaseOrderEvents.purchaseOrderId, rows[0]!.id))
      .orderBy(asc(purchaseOrderEvents.id));
    const times = timeline.map((e) => e.createdAt.getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});
