import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  brands,
  categories,
  productImages,
  products,
  stockLevels,
  variants,
  warehouses,
} from "~/db/schema";
import { getProduct } from "~/domain/catalog/get-product.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

let ids: { queen: number; king: number };

beforeAll(async () => {
  const [category] = await db()
    .insert(categories)
    .values({ slug: "mattresses", name: "Mattresses" })
    .returning();
  const [brand] = await db().insert(brands).values({ slug: "sealy", name: "Sealy" }).returning();
  const [shop, store] = await db()
    .insert(warehouses)
    .values([
      { code: "MAIN", name: "Showroom", isDefault: true },
      { code: "BACK", name: "Store room" },
    ])
    .returning();
  const rows = await db()
    .insert(products)
    .values(
      [
        { slug: "cloud-mattress", title: "Cloud Mattress", status: "active" as const },
        { slug: "draft-mattress", title: "Draft Mattress", status: "draft" as const },
        { slug: "old-mattress", title: "Old Mattress", status: "archived" as const },
      ].map((p) => ({
        ...p,
        type: "Mattress",
        description: "Soft on top, firm below.",
        categoryId: category!.id,
        brandId: brand!.id,
        badge: "SALE",
        rating: 4.6,
        reviewCount: 12,
        laybyText: "Lay-by from R600",
        deliveryText: "Free delivery",
      })),
    )
    .returning({ id: products.id });
  const productId = rows[0]!.id;
  const [king, queen] = await db()
    .insert(variants)
    .values([
      { productId, size: "king", sku: "CM-KG", priceCents: 899900, originalPriceCents: 1199900 },
      { productId, size: "queen", sku: "CM-QN", priceCents: 699900, originalPriceCents: null },
    ])
    .returning({ id: variants.id });
  ids = { queen: queen!.id, king: king!.id };
  await db()
    .insert(stockLevels)
    .values([
      { variantId: queen!.id, warehouseId: shop!.id, onHand: 2, reserved: 1 },
      { variantId: queen!.id, warehouseId: store!.id, onHand: 2, reserved: 0 },
      { variantId: king!.id, warehouseId: shop!.id, onHand: 1, reserved: 1 },
    ]);
  await db()
    .insert(productImages)
    .values([
      {
        productId,
        mediaKey: "products/cloud-side",
        alt: "Side",
        width: 960,
        height: 720,
        position: 1,
      },
      {
        productId,
        mediaKey: "products/cloud-front",
        alt: "Front",
        width: 960,
        height: 720,
        position: 0,
      },
    ]);
});

describe("getProduct", () => {
  it("gives an active product with its category, brand and card fields", async () => {
    const product = await getProduct({ slug: "cloud-mattress" });
    expect(product).toMatchObject({
      slug: "cloud-mattress",
      title: "Cloud Mattress",
      type: "Mattress",
      badge: "SALE",
      rating: 4.6,
      reviewCount: 12,
      laybyText: "Lay-by from R600",
      deliveryText: "Free delivery",
      category: { slug: "mattresses", name: "Mattresses" },
      brand: "Sealy",
    });
    expect(product!.updatedAt).toBeInstanceOf(Date);
  });

  it("lists every picture in order, the first also as the card's image", async () => {
    const product = await getProduct({ slug: "cloud-mattress" });
    expect(product!.images.map((i) => i.alt)).toEqual(["Front", "Side"]);
    expect(product!.image?.mediaKey).toBe("products/cloud-front");
  });

  it("lists sizes smallest first with SKU, prices and stock summed over warehouses", async () => {
    const product = await getProduct({ slug: "cloud-mattress" });
    expect(product!.variants).toEqual([
      {
        id: ids.queen,
        size: "queen",
        sku: "CM-QN",
        priceCents: 699900,
        originalPriceCents: null,
        available: 3,
      },
      {
        id: ids.king,
        size: "king",
        sku: "CM-KG",
        priceCents: 899900,
        originalPriceCents: 1199900,
        available: 0,
      },
    ]);
  });

  it.each(["draft-mattress", "old-mattress", "no-such-mattress"])(
    "finds nothing for %s (draft, archived or unknown)",
    async (slug) => {
      expect(await getProduct({ slug })).toBeNull();
    },
  );
});
