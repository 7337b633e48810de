import { db } from "~/db/client.server";
import { nextDocumentNumber } from "~/db/document-counter.server";
import {
  categories,
  products,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  variants,
} from "~/db/schema";
import { insertStoreSettings } from "../../factories";

type PoStatus = (typeof purchaseOrders.$inferInsert)["status"];

let counter = 0;

/** The shop's settings and a category: what a purchase order's PDF needs besides the order. */
export async function setUpPurchasing() {
  await insertStoreSettings();
  const [category] = await db()
    .insert(categories)
    .values({ slug: "beds", name: "Beds" })
    .returning();
  return { categoryId: category!.id };
}

/** A supplier row, written directly (the suppliers' own functions are tested on their own). */
export async function insertSupplier(values: Partial<typeof suppliers.$inferInsert> = {}) {
  const [row] = await db()
    .insert(suppliers)
    .values({ name: `Supplier ${++counter}`, leadTimeDays: 14, ...values })
    .returning();
  return row!;
}

/** A product with one queen variant. */
export async function insertVariant(shop: { categoryId: number }, title?: string) {
  const n = ++counter;
  const [product] = await db()
    .insert(products)
    .values({
      slug: `po-bed-${n}`,
      title: title ?? `Test Bed ${n}`,
      type: "Foam Bed",
      categoryId: shop.categoryId,
    })
    .returning();
  const [variant] = await db()
    .insert(variants)
    .values({ productId: product!.id, size: "queen", sku: `PB-${n}-Q`, priceCents: 499_900 })
    .returning();
  return { variantId: variant!.id, sku: `PB-${n}-Q`, title: product!.title };
}

/**
 * A purchase order inserted directly, with its lines: the purchasing pages create them in the
 * app; these tests need one in a given status.
 */
export async function insertPurchaseOrder(options: {
  supplierId: number;
  status?: PoStatus;
  lines?: { variantId: number; quantityOrdered: number; unitCostCents: number }[];
  orderDate?: string;
  expectedDate?: string | null;
}) {
  // Numbered as the app numbers them, from the database's own counter (PO-0001 first).
  const number = await db().transaction((tx) => nextDocumentNumber(tx, "purchase_order"));
  const [order] = await db()
    .insert(purchaseOrders)
    .values({
      number,
      supplierId: options.supplierId,
      status: options.status ?? "pending",
      orderDate: options.orderDate ?? "2026-03-02",
      expectedDate: options.expectedDate === undefined ? "2026-03-16" : options.expectedDate,
    })
    .returning();
  if (options.lines?.length) {
    await db()
      .insert(purchaseOrderLines)
      .values(options.lines.map((line) => ({ ...line, purchaseOrderId: order!.id })));
  }
  return order!;
}
