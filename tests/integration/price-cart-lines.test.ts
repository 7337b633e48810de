import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  categories,
  productImages,
  products,
  stockLevels,
  variants,
  warehouses,
} from "~/db/schema";
import { priceCartLines } from "~/domain/cart/price-cart-lines.server";
import { action, loader } from "~/routes/api/cart-lines";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

let sku = 0;
let categoryId: number;

async function addProduct(slug: string, status: "active" | "draft" | "archived" = "active") {
  const [product] = await db()
    .insert(products)
    .values({ slug, title: `Bed ${slug}`, type: "Foam Bed", categoryId, status })
    .returning({ id: products.id });
  const [double, queen] = await db()
    .insert(variants)
    .values([
      {
        productId: product!.id,
        size: "double",
        sku: `SKU-${++sku}`,
        priceCents: 319900,
        originalPriceCents: 639800,
      },
      { productId: product!.id, size: "queen", sku: `SKU-${++sku}`, priceCents: 349900 },
    ])
    .returning({ id: variants.id });
  return { productId: product!.id, doubleId: double!.id, queenId: queen!.id };
}

let active: Awaited<ReturnType<typeof addProduct>>;
let draft: Awaited<ReturnType<typeof addProduct>>;
let archived: Awaited<ReturnType<typeof addProduct>>;

beforeAll(async () => {
  const [beds] = await db().insert(categories).values({ slug: "beds", name: "Beds" }).returning();
  categoryId = beds!.id;
  active = await addProduct("cloud");
  draft = await addProduct("secret", "draft");
  archived = await addProduct("old", "archived");
  const [main, branch, workshop] = await db()
    .insert(warehouses)
    .values([
      { code: "MAIN", name: "Showroom", isDefault: true },
      { code: "BRANCH", name: "Store room" },
      { code: "WORKSHOP", name: "Workshop", sellsOnline: false },
    ])
    .returning();
  await db()
    .insert(stockLevels)
    .values([
      // Double: 5 - 1 + 2 - 0 = 6 available; queen: all reserved in the showroom, and the
      // workshop's units are not sold online, so 0.
      { variantId: active.doubleId, warehouseId: main!.id, onHand: 5, reserved: 1 },
      { variantId: active.doubleId, warehouseId: branch!.id, onHand: 2, reserved: 0 },
      { variantId: active.doubleId, warehouseId: workshop!.id, onHand: 7, reserved: 0 },
      { variantId: active.queenId, warehouseId: main!.id, onHand: 2, reserved: 2 },
      { variantId: active.queenId, warehouseId: workshop!.id, onHand: 4, reserved: 0 },
      { variantId: draft.doubleId, warehouseId: main!.id, onHand: 9, reserved: 0 },
    ]);
  await db().insert(productImages).values({
    productId: active.productId,
    mediaKey: "products/cloud-front",
    alt: "The Cloud bed",
    width: 800,
    height: 600,
  });
});

describe("priceCartLines", () => {
  it("answers each variant in the order asked, with today's price, image and stock", async () => {
    const lines = await priceCartLines({ variantIds: [active.queenId, active.doubleId] });
    expect(lines).toEqual([
      {
        variantId: active.queenId,
        sold: true,
        slug: "cloud",
        title: "Bed cloud",
        size: "queen",
        priceCents: 349900,
        originalPriceCents: null,
        image: { mediaKey: "products/cloud-front", alt: "The Cloud bed", width: 800, height: 600 },
        available: 0,
      },
      expect.objectContaining({
        variantId: active.doubleId,
        sold: true,
        size: "double",
        priceCents: 319900,
        originalPriceCents: 639800,
        available: 6,
      }),
    ]);
  });

  it("shows a price change made in the shop", async () => {
    await db().update(variants).set({ priceCents: 299900 }).where(eq(variants.id, active.doubleId));
    const [line] = await priceCartLines({ variantIds: [active.doubleId] });
    expect(line).toMatchObject({ sold: true, priceCents: 299900 });
  });

  it("reports draft, archived and unknown variants as no longer sold, without their details", async () => {
    const ids = [draft.doubleId, archived.queenId, 999_999];
    expect(await priceCartLines({ variantIds: ids })).toEqual(
      ids.map((variantId) => ({ variantId, sold: false })),
    );
  });

  it("answers a repeated id once and an empty list with nothing", async () => {
    const lines = await priceCartLines({ variantIds: [active.doubleId, active.doubleId] });
    expect(lines.map((l) => l.variantId)).toEqual([active.doubleId]);
    expect(await priceCartLines({ variantIds: [] })).toEqual([]);
  });
});

describe("POST /api/cart-lines", () => {
  const post = (body: string) =>
    action({
      request: new Request("http://shop.test/api/cart-lines", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      }),
    } as Parameters<typeof action>[0]);

  it("returns the current lines for a list of ids", async () => {
    const response = await post(JSON.stringify({ variantIds: [active.doubleId, draft.doubleId] }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const { lines } = await response.json();
    expect(lines.map((l: { sold: boolean }) => l.sold)).toEqual([true, false]);
  });

  it.each([
    ["not JSON", "variantIds=1", "Send a JSON body { variantIds: [...] }."],
    ["no list", JSON.stringify({}), "Send variantIds as a list of variant ids."],
    [
      "a negative id",
      JSON.stringify({ variantIds: [3, -1] }),
      "Variant ids must be positive numbers.",
    ],
    ["a fraction", JSON.stringify({ variantIds: [1.5] }), "Variant ids must be whole numbers."],
    ["a text id", JSON.stringify({ variantIds: ["1"] }), "Variant ids must be whole numbers."],
    [
      "an id beyond any row",
      JSON.stringify({ variantIds: [2 ** 40] }),
      "That is not a variant id.",
    ],
    [
      "more than 50 ids",
      JSON.stringify({ variantIds: Array.from({ length: 51 }, (_, i) => i + 1) }),
      "Ask for at most 50 variants at once.",
    ],
  ])("refuses %s with 400 and a clear message", async (_, body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
  });

  it("refuses GET with 405", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
