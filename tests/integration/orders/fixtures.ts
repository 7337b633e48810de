import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, products, promotions, stockLevels, variants, warehouses } from "~/db/schema";
import type { PlaceOrderInput } from "~/domain/orders/place-order.server";
import { insertStoreSettings } from "../../factories";

let counter = 0;

/** Store settings, a category and the default warehouse: what every order needs. */
export async function setUpShop() {
  await insertStoreSettings();
  const [category] = await db()
    .insert(categories)
    .values({ slug: "beds", name: "Beds" })
    .returning();
  const [warehouse] = await db()
    .insert(warehouses)
    .values({ code: "MAIN", name: "Showroom", isDefault: true })
    .returning();
  return { categoryId: category!.id, warehouseId: warehouse!.id };
}

/** An active product with one variant at a price, with `stock` units in the warehouse. */
export async function addVariant(
  shop: { categoryId: number; warehouseId: number },
  options: { priceCents: number; stock: number; status?: "active" | "draft" | "archived" },
) {
  const n = ++counter;
  const [product] = await db()
    .insert(products)
    .values({
      slug: `bed-${n}`,
      title: `Test Bed ${n}`,
      type: "Foam Bed",
      categoryId: shop.categoryId,
      status: options.status ?? "active",
    })
    .returning();
  const [variant] = await db()
    .insert(variants)
    .values({
      productId: product!.id,
      size: "queen",
      sku: `TB-${n}-Q`,
      priceCents: options.priceCents,
      originalPriceCents: options.priceCents * 2,
    })
    .returning();
  await db()
    .insert(stockLevels)
    .values({ variantId: variant!.id, warehouseId: shop.warehouseId, onHand: options.stock });
  return { productId: product!.id, variantId: variant!.id };
}

export async function stockOf(variantId: number) {
  const [row] = await db()
    .select({
      onHand: sql<number>`sum(${stockLevels.onHand})::int`,
      reserved: sql<number>`sum(${stockLevels.reserved})::int`,
    })
    .from(stockLevels)
    .where(eq(stockLevels.variantId, variantId));
  return row!;
}

export async function addPromotion(
  values: Partial<typeof promotions.$inferInsert> & { code: string },
) {
  const [row] = await db()
    .insert(promotions)
    .values({ kind: "percentage", value: 10, ...values })
    .returning();
  return row!;
}

let keyCounter = 0;

/** The address parts checkout asks besides street, town and postal code: none but the province. */
const ADDRESS_PARTS = {
  complex: "",
  suburb: "",
  province: "NW",
  deliveryMobile: "",
  accessNotes: "",
} as const;

/** The address a checkout is placed with unless told. */
export const CHECKOUT_EMAIL = "thandi@example.com";

/** A valid checkout for the lines, with a fresh idempotency key unless one is given. */
export function checkout(
  lines: { variantId: number; quantity: number }[],
  overrides: Partial<PlaceOrderInput> = {},
): PlaceOrderInput & Required<Pick<PlaceOrderInput, keyof typeof ADDRESS_PARTS>> {
  return {
    ...ADDRESS_PARTS,
    firstName: "Thandi",
    lastName: "Mokoena",
    email: CHECKOUT_EMAIL,
    phone: "082 000 0000",
    address: "12 Church Street",
    city: "Lichtenburg",
    postal: "2740",
    deliveryMethod: "standard",
    paymentMethod: "card",
    promoCode: "",
    lines,
    idempotencyKey: `test-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`,
    ...overrides,
  };
}
