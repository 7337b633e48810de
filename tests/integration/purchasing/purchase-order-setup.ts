import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  categories,
  products,
  stockLevels,
  stockMovements,
  suppliers,
  variants,
  warehouses,
} from "~/db/schema";
import { purchaseOrderFormSchema } from "~/domain/purchasing/purchase-order-schemas";
import { parseForm } from "~/lib/forms";

let counter = 0;

/** A category, two warehouses (the default showroom and a store room) and a supplier. */
export async function setUpPurchaseOrders() {
  const [category] = await db()
    .insert(categories)
    .values({ slug: `po-beds-${++counter}`, name: `PO Beds ${counter}` })
    .returning();
  const [showroom, storeRoom] = await db()
    .insert(warehouses)
    .values([
      { code: `show-${counter}`, name: "Showroom", isDefault: true },
      { code: `store-${counter}`, name: "Store room", sellsOnline: false },
    ])
    .returning();
  const [supplier] = await db()
    .insert(suppliers)
    .values({ name: `Sleepwell ${counter}`, email: "orders@sleepwell.example", leadTimeDays: 14 })
    .returning();
  return {
    categoryId: category!.id,
    showroom: showroom!,
    storeRoom: storeRoom!,
    supplier: supplier!,
  };
}

/** A product with one queen variant at `costCents` (null: no cost yet). */
export async function insertBed(options: {
  categoryId: number;
  costCents?: number | null;
  title?: string;
}) {
  const n = ++counter;
  const [product] = await db()
    .insert(products)
    .values({
      slug: `po-test-bed-${n}`,
      title: options.title ?? `Test Bed ${n}`,
      type: "Foam Bed",
      categoryId: options.categoryId,
    })
    .returning();
  const [variant] = await db()
    .insert(variants)
    .values({
      productId: product!.id,
      size: "queen",
      sku: `POT-${n}-Q`,
      priceCents: 499_900,
      costCents: options.costCents === undefined ? 200_000 : options.costCents,
    })
    .returning();
  return variant!;
}

/** The purchase order form as the page posts it, parsed as the action parses it. */
export function purchaseOrderForm(fields: Record<string, string>) {
  const parsed = parseForm(purchaseOrderFormSchema, fields);
  if (!parsed.ok) throw new Error(`The form did not parse: ${JSON.stringify(parsed.fieldErrors)}`);
  return parsed.data;
}

/** The form's fields for these lines (SKU, quantity, unit cost in Rand). */
export function lineFields(lines: [sku: string, quantity: number, unitCost?: string][]) {
  const fields: Record<string, string> = {};
  lines.forEach(([sku, quantity, unitCost], i) => {
    fields[`lines.${i}.sku`] = sku;
    fields[`lines.${i}.quantity`] = String(quantity);
    fields[`lines.${i}.unitCost`] = unitCost ?? "";
  });
  return fields;
}

/** On hand of a variant in a warehouse (0 when it has no level there). */
export async function onHand(variantId: number, warehouseId: number) {
  const [row] = await db()
    .select({ onHand: stockLevels.onHand })
    .from(stockLevels)
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
  return row?.onHand ?? 0;
}

/** Sets a variant's opening stock in a warehouse, as an adjustment would have. */
export async function stockUp(variantId: number, warehouseId: number, units: number) {
  await db()
    .insert(stockLevels)
    .values({ variantId, warehouseId, onHand: units })
    .onConflictDoUpdate({
      target: [stockLevels.variantId, stockLevels.warehouseId],
      set: { onHand: sql`${stockLevels.onHand} + ${units}` },
    });
  await db().insert(stockMovements).values({
    variantId,
    warehouseId,
    kind: "adjustment",
    quantity: units,
    reason: "Opening stock",
  });
}

export async function costOf(variantId: number) {
  const [row] = await db()
    .select({ costCents: variants.costCents })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row!.costCents;
}
