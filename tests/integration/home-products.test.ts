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
import { listHomeProducts, type HomeProducts } from "~/domain/catalog/list-home-products.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

type ProductFixture = {
  slug: string;
  type?: string;
  status?: "active" | "draft" | "archived";
  isBestSeller?: boolean;
  featuredRank?: number;
};

let sku = 0;

async function addProduct(categoryId: number, p: ProductFixture) {
  const [row] = await db()
    .insert(products)
    .values({
      slug: p.slug,
      title: `Bed ${p.slug}`,
      type: p.type ?? "Foam Bed",
      categoryId,
      status: p.status ?? "active",
      isBestSeller: p.isBestSeller ?? false,
      featuredRank: p.featuredRank ?? 1000,
      rating: 4.5,
      reviewCount: 10,
    })
    .returning({ id: products.id });
  const [queen, double] = await db()
    .insert(variants)
    .values([
      // Inserted largest first, to prove the smallest size still comes first.
      {
        productId: row!.id,
        size: "queen",
        sku: `SKU-${++sku}`,
        priceCents: 349900,
        originalPriceCents: 699800,
      },
      {
        productId: row!.id,
        size: "double",
        sku: `SKU-${++sku}`,
        priceCents: 319900,
        originalPriceCents: 639800,
      },
    ])
    .returning({ id: variants.id });
  return { id: row!.id, queenId: queen!.id, doubleId: double!.id };
}

let result: HomeProducts;
let stocked: Awaited<ReturnType<typeof addProduct>>;

beforeAll(async () => {
  const [beds] = await db().insert(categories).values({ slug: "beds", name: "Beds" }).returning();
  const categoryId = beds!.id;
  const [main, branch, workshop] = await db()
    .insert(warehouses)
    .values([
      { code: "MAIN", name: "Showroom", isDefault: true },
      { code: "BRANCH", name: "Store room" },
      { code: "WORKSHOP", name: "Workshop", sellsOnline: false },
    ])
    .returning();

  await db()
    .insert(brands)
    .values(
      Array.from({ length: 12 }, (_, i) => ({ slug: `brand-${i + 1}`, name: `Brand ${i + 1}` })),
    );

  // Foam beds: 11 active (ranked in reverse of insertion), one draft ranked first.
  for (let i = 1; i <= 11; i++) {
    await addProduct(categoryId, { slug: `foam-${i}`, featuredRank: 100 - i });
  }
  await addProduct(categoryId, { slug: "foam-draft", status: "draft", featuredRank: 1 });

  // Spring beds: 3 active, one archived.
  stocked = await addProduct(categoryId, { slug: "spring-1", type: "Spring Bed", featuredRank: 5 });
  await addProduct(categoryId, { slug: "spring-2", type: "Spring Bed", featuredRank: 6 });
  await addProduct(categoryId, { slug: "spring-3", type: "Spring Bed", featuredRank: 7 });
  await addProduct(categoryId, { slug: "spring-old", type: "Spring Bed", status: "archived" });

  // Best sellers: 9 active (one is a mattress), one draft.
  for (let i = 1; i <= 8; i++) {
    await addProduct(categoryId, {
      slug: `best-${i}`,
      type: i % 2 ? "Foam Bed" : "Spring Bed",
      isBestSeller: true,
      featuredRank: 20 + i,
    });
  }
  await addProduct(categoryId, {
    slug: "best-mattress",
    type: "Mattress",
    isBestSeller: true,
    featuredRank: 2,
  });
  await addProduct(categoryId, {
    slug: "best-draft",
    isBestSeller: true,
    status: "draft",
    featuredRank: 0,
  });

  // Stock for spring-1: double 5-2 + 1-0 = 4 available; queen all reserved, and the
  // workshop's units are not sold online, so 0.
  await db()
    .insert(stockLevels)
    .values([
      { variantId: stocked.doubleId, warehouseId: main!.id, onHand: 5, reserved: 2 },
      { variantId: stocked.doubleId, warehouseId: branch!.id, onHand: 1, reserved: 0 },
      { variantId: stocked.queenId, warehouseId: main!.id, onHand: 3, reserved: 3 },
      { variantId: stocked.queenId, warehouseId: workshop!.id, onHand: 6, reserved: 0 },
    ]);
  await db()
    .insert(productImages)
    .values([
      {
        productId: stocked.id,
        mediaKey: "products/spring-1-b",
        alt: "Side",
        width: 800,
        height: 600,
        position: 1,
      },
      {
        productId: stocked.id,
        mediaKey: "products/spring-1-a",
        alt: "Front",
        width: 800,
        height: 600,
        position: 0,
      },
    ]);

  result = await listHomeProducts();
});

describe("listHomeProducts", () => {
  it("lists eight active best sellers, lowest featured rank first", () => {
    expect(result.bestSellers.map((p) => p.slug)).toEqual([
      "best-mattress",
      "best-1",
      "best-2",
      "best-3",
      "best-4",
      "best-5",
      "best-6",
      "best-7",
    ]);
  });

  it("lists at most ten active products of each bed type, by featured rank", () => {
    const foam = result.foamBeds.map((p) => p.slug);
    expect(foam).toHaveLength(10);
    expect(foam).not.toContain("foam-draft");
    // The best-selling foam beds rank 21..27, ahead of foam-1..11 (ranks 89..99).
    expect(foam.slice(0, 4)).toEqual(["best-1", "best-3", "best-5", "best-7"]);
    expect(foam.slice(4)).toEqual(["foam-11", "foam-10", "foam-9", "foam-8", "foam-7", "foam-6"]);
    expect(result.springBeds.map((p) => p.slug)).toEqual([
      "spring-1",
      "spring-2",
      "spring-3",
      "best-2",
      "best-4",
      "best-6",
      "best-8",
    ]);
  });

  it("sums availability over the warehouses that sell online", () => {
    const spring = result.springBeds.find((p) => p.slug === "spring-1")!;
    expect(spring.variants).toEqual([
      {
        id: stocked.doubleId,
        size: "double",
        priceCents: 319900,
        originalPriceCents: 639800,
        available: 4,
      },
      {
        id: stocked.queenId,
        size: "queen",
        priceCents: 349900,
        originalPriceCents: 699800,
        available: 0,
      },
    ]);
    const unstocked = result.foamBeds[0]!;
    expect(unstocked.variants.map((v) => v.available)).toEqual([0, 0]);
  });

  it("gives each product its first image, or none", () => {
    const spring = result.springBeds.find((p) => p.slug === "spring-1")!;
    expect(spring.image).toEqual({
      mediaKey: "products/spring-1-a",
      alt: "Front",
      width: 800,
      height: 600,
    });
    expect(result.springBeds.find((p) => p.slug === "spring-2")!.image).toBeNull();
  });

  it("carries the card's fields", () => {
    const p = result.bestSellers[1]!;
    expect(p).toMatchObject({
      title: "Bed best-1",
      type: "Foam Bed",
      rating: 4.5,
      reviewCount: 10,
      isNew: false,
    });
  });

  it("lists the first ten brands by id", () => {
    expect(result.brands.map((b) => b.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Brand ${i + 1}`),
    );
  });
});
