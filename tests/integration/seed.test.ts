import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryTermsFor } from "~/domain/delivery/active-zones.server";
import {
  brands,
  categories,
  consultationRequests,
  contactMessages,
  newsletterSubscribers,
  productImages,
  products,
  reviewPhotos,
  reviews,
  stockLevels,
  stockMovements,
  storeSettings,
  users,
  variants,
  warehouses,
} from "~/db/schema";
import { SITE_IMAGE_KEYS } from "~/db/seed/images.server";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { demoOwnerHasDemoPassword } from "~/domain/auth/demo-owner.server";
import { seedIfEmpty } from "~/db/seed/seed.server";
import { findPromotion, promotionRules } from "~/domain/orders/promotions.server";
import { IMAGE_WIDTHS, mediaSrc } from "~/lib/media";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

let dataDir: string;
let firstRun: boolean;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "seed-test-"));
  firstRun = await seedIfEmpty({ dataDir });
}, 60_000);

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function activeProducts() {
  return db()
    .select({
      id: products.id,
      type: products.type,
      category: categories.slug,
      brand: brands.slug,
      mattressType: products.mattressType,
      bedType: products.bedType,
      comfortLevel: products.comfortLevel,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.status, "active"));
}

async function activeVariants() {
  return db()
    .select({ productId: variants.productId, size: variants.size, priceCents: variants.priceCents })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(products.status, "active"));
}

describe("the demo seed", () => {
  it("seeds an empty database", () => {
    expect(firstRun).toBe(true);
  });

  it.each(["Foam Bed", "Spring Bed"])(
    "has ten %ss, each in Double and Queen within the specification's prices",
    async (type) => {
      const beds = (await activeProducts()).filter((p) => p.type === type);
      expect(beds).toHaveLength(10);
      const all = await db().select().from(variants);
      for (const bed of beds) {
        expect(bed.category).toBe("beds");
        const own = all.filter((v) => v.productId === bed.id);
        expect(own.map((v) => v.size).sort()).toEqual(["double", "queen"]);
        const double = own.find((v) => v.size === "double")!;
        const queen = own.find((v) => v.size === "queen")!;
        expect(double.priceCents).toBeGreaterThanOrEqual(319_900);
        expect(double.priceCents).toBeLessThanOrEqual(789_900);
        expect(queen.priceCents).toBeGreaterThanOrEqual(349_900);
        expect(queen.priceCents).toBeLessThanOrEqual(849_900);
        expect(queen.priceCents).toBeGreaterThan(double.priceCents);
        // "50% off all beds": the original price is about twice the sale price.
        expect(Math.round((1 - double.priceCents / double.originalPriceCents!) * 100)).toBe(50);
      }
    },
  );

  it("gives every category active products", async () => {
    const active = await activeProducts();
    const slugs = (await db().select({ slug: categories.slug }).from(categories)).map(
      (c) => c.slug,
    );
    expect(slugs.sort()).toEqual(
      ["accessories", "bedding", "beds", "furniture", "mattresses", "pillows"].sort(),
    );
    for (const slug of slugs)
      expect(
        active.some((p) => p.category === slug),
        slug,
      ).toBe(true);
  });

  it("has an active product for every filter option of the product lists", async () => {
    const active = await activeProducts();
    const options = {
      mattressType: ["memory-foam", "hybrid", "spring", "latex"],
      bedType: ["platform", "storage", "adjustable", "divan"],
      comfortLevel: ["plush", "medium", "firm"],
      brand: ["sealy", "simmons", "serta", "cloud-nine"],
    } as const;
    for (const [field, values] of Object.entries(options)) {
      for (const value of values) {
        const found = active.some((p) => p[field as keyof typeof options] === value);
        expect(found, `${field} ${value}`).toBe(true);
      }
    }
  });

  it("has active products in every size, priced inside the price filter's range", async () => {
    const rows = await activeVariants();
    const sizes = ["single", "three-quarter", "double", "queen", "king", "super-king"] as const;
    for (const size of sizes)
      expect(
        rows.some((v) => v.size === size),
        size,
      ).toBe(true);
    for (const v of rows) {
      expect(v.priceCents).toBeGreaterThan(0);
      expect(v.priceCents).toBeLessThanOrEqual(3_000_000);
    }
  });

  it("has fourteen brands, the filter's four among them", async () => {
    const rows = await db().select({ slug: brands.slug }).from(brands);
    expect(rows).toHaveLength(14);
    for (const slug of ["sealy", "simmons", "serta", "cloud-nine"]) {
      expect(rows.map((b) => b.slug)).toContain(slug);
    }
  });

  it("stocks every variant in the default warehouse, some of them sold out", async () => {
    const [main] = await db().select().from(warehouses).where(eq(warehouses.isDefault, true));
    expect(main?.code).toBe("main");
    const rows = await db()
      .select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved })
      .from(variants)
      .leftJoin(
        stockLevels,
        and(eq(stockLevels.variantId, variants.id), eq(stockLevels.warehouseId, main!.id)),
      );
    for (const row of rows) expect(row.onHand).not.toBeNull();
    expect(rows.some((r) => r.onHand === 0)).toBe(true);
    expect(rows.every((r) => r.reserved === 0)).toBe(true);
  });

  it("keeps stock in the Showroom and the Store room, both selling online, on hand the sum of the ledger", async () => {
    const rows = await db().select().from(warehouses).orderBy(warehouses.code);
    expect(rows.map((w) => [w.code, w.name, w.isDefault, w.sellsOnline, w.active])).toEqual([
      ["main", "Showroom", true, true, true],
      ["store", "Store room", false, true, true],
    ]);
    const levels = await db().execute<{ on_hand: number; ledger: number; warehouse: string }>(sql`
      select l.on_hand, coalesce(sum(m.quantity), 0)::int as ledger, w.code as warehouse
      from stock_levels l
      join warehouses w on w.id = l.warehouse_id
      left join stock_movements m
        on m.variant_id = l.variant_id and m.warehouse_id = l.warehouse_id
      group by l.variant_id, l.warehouse_id, l.on_hand, w.code`);
    for (const level of levels.rows) expect(level.ledger).toBe(level.on_hand);
    const inStore = levels.rows.filter((l) => l.warehouse === "store" && l.on_hand > 0);
    expect(inStore.length).toBeGreaterThan(5);
    const [opening] = await db()
      .select({ n: count() })
      .from(stockMovements)
      .where(eq(stockMovements.reason, "Opening stock"));
    expect(opening!.n).toBeGreaterThan(inStore.length);
  });

  it("gives every product a picture whose files exist", async () => {
    const all = await db().select({ id: products.id }).from(products);
    const images = await db().select().from(productImages);
    for (const product of all) {
      const image = images.find((i) => i.productId === product.id);
      expect(image, `product ${product.id}`).toBeDefined();
      expect(image!.width).toBeGreaterThan(image!.height);
      expect(image!.alt).not.toBe("");
    }
    for (const key of [...images.map((i) => i.mediaKey), ...SITE_IMAGE_KEYS]) {
      for (const width of IMAGE_WIDTHS) {
        await expect(fs.stat(path.join(dataDir, mediaSrc(key, width)))).resolves.toBeTruthy();
      }
    }
  });

  it("stores the shop's details", async () => {
    const [settings] = await db().select().from(storeSettings);
    expect(settings).toMatchObject({
      id: 1,
      storeName: "Slumber Corner Beds",
      town: "Lichtenburg",
    });
    expect(settings!.whatsapp).toMatch(/^27\d{9}$/);
  });

  it("seeds the delivery zones: Lichtenburg and area, the rest of North West, the rest quoted", async () => {
    const zones = await deliveryTermsFor({ postalCode: "2740", town: "Lichtenburg" });
    expect(zones).toMatchObject({
      quoted: false,
      zone: { name: "Lichtenburg and area" },
      rates: {
        standardDeliveryCents: 29_900,
        freeDeliveryThresholdCents: 200_000,
        expressDeliveryCents: 29_900,
      },
    });
    const province = { postalCode: "0300", town: "Rustenburg", province: "North West" };
    expect(await deliveryTermsFor(province)).toMatchObject({
      zone: { name: "Rest of North West" },
      rates: { standardDeliveryCents: 45_000, freeDeliveryThresholdCents: null },
    });
    expect(await deliveryTermsFor({ postalCode: "8001", town: "Cape Town" })).toEqual({
      quoted: true,
      zone: null,
    });
  });

  it("creates the demo owner with the demo catalogue", async () => {
    const [owner] = await db().select().from(users).where(eq(users.email, DEMO_OWNER.email));
    expect(owner?.role).toBe("owner");
    expect(await demoOwnerHasDemoPassword()).toBe(true);
  });

  it("fills the inbox with enquiries in each state, handled by the demo owner", async () => {
    const [owner] = await db().select().from(users).where(eq(users.email, DEMO_OWNER.email));
    const consultations = await db().select().from(consultationRequests);
    const messages = await db().select().from(contactMessages);
    for (const enquiries of [consultations, messages]) {
      expect(new Set(enquiries.map((e) => e.status))).toEqual(
        new Set(["new", "contacted", "closed"]),
      );
      const contacted = enquiries.find((e) => e.status === "contacted");
      expect(contacted?.staffNote).not.toBe("");
      expect(contacted?.handledBy).toBe(owner!.id);
      expect(enquiries.filter((e) => e.status === "new").every((e) => !e.handledAt)).toBe(true);
    }
    const subscribers = await db().select().from(newsletterSubscribers);
    expect(new Set(subscribers.map((s) => s.status))).toEqual(
      new Set(["pending", "confirmed", "unsubscribed"]),
    );
    const confirmed = subscribers.filter((s) => s.status === "confirmed");
    expect(confirmed.every((s) => s.confirmedAt)).toBe(true);
  });

  it("does nothing when run again: a shop that has products gets no demo owner", async () => {
    // A real shop: its products are there, the demo owner is not (or was deleted).
    await db().delete(users).where(eq(users.email, DEMO_OWNER.email));
    const before = await db().select({ n: count() }).from(variants);
    expect(await seedIfEmpty({ dataDir })).toBe(false);
    expect(await db().select().from(users).where(eq(users.email, DEMO_OWNER.email))).toEqual([]);
    expect(await demoOwnerHasDemoPassword()).toBe(false);
    const after = await db().select({ n: count() }).from(variants);
    expect(after).toEqual(before);
    const [productCount] = await db().select({ n: count() }).from(products);
    expect(productCount!.n).toBeGreaterThan(20);
  });
});

describe("the demo's promotions", () => {
  it("gives SAVE500 its minimum spend and limits MATTRESS15 to mattresses", async () => {
    const rulesOf = async (code: string) => {
      const promotion = await findPromotion(code);
      return promotionRules(promotion!);
    };
    expect(await rulesOf("SAVE500")).toMatchObject({ minSpendCents: 500_000, categories: [] });
    expect(await rulesOf("MATTRESS15")).toMatchObject({
      minSpendCents: 0,
      categories: [{ name: "Mattresses" }],
      products: [],
    });
  });
});

describe("the demo's reviews", () => {
  it("shows the whole flow: published with photos and replies, pending, one rejected, featured", async () => {
    const rows = await db().select().from(reviews);
    const byStatus = (status: string) => rows.filter((r) => r.status === status);
    expect(byStatus("published").length).toBeGreaterThanOrEqual(10);
    expect(byStatus("pending").length).toBeGreaterThanOrEqual(2);
    expect(byStatus("rejected")).toHaveLength(1);
    expect(new Set(byStatus("published").map((r) => r.rating)).size).toBeGreaterThanOrEqual(4);
    expect(rows.some((r) => r.reply !== "" && r.status === "published")).toBe(true);
    expect(rows.filter((r) => r.featured).every((r) => r.status === "published")).toBe(true);
    // Each photo is a stored picture the media store serves.
    const photos = await db().select().from(reviewPhotos);
    expect(photos.length).toBeGreaterThanOrEqual(3);
    for (const photo of photos) {
      const stat = await fs.stat(path.join(dataDir, "media", photo.file));
      expect(stat.size).toBeGreaterThan(1000);
    }
  });

  it("counts only published reviews in the products' figures; no other product has any", async () => {
    const figures = await db()
      .select({
        id: sql<number>`p.id`,
        rating: sql<number>`p.rating::float`,
        reviewCount: sql<number>`p.review_count`,
        ratingTotal: sql<number>`p.rating_total`,
        published: sql<number>`(select count(*)::int from reviews r where r.product_id = p.id and r.status = 'published')`,
        stars: sql<number>`(select coalesce(sum(r.rating), 0)::int from reviews r where r.product_id = p.id and r.status = 'published')`,
      })
      .from(sql`products p`);
    for (const p of figures) {
      expect(p.reviewCount).toBe(p.published);
      expect(p.ratingTotal).toBe(p.stars);
      expect(p.rating).toBe(p.published === 0 ? 0 : Math.round((p.stars / p.published) * 10) / 10);
    }
    expect(figures.filter((p) => p.reviewCount === 0).length).toBeGreaterThan(20);
  });
});
