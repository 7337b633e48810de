import { count, eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  brands,
  categories,
  productImages,
  products,
  promotions,
  stockLevels,
  storeSettings,
  variants,
  warehouses,
} from "~/db/schema";
import { ensureDemoOwner } from "~/domain/auth/demo-owner.server";
import { mediaStore } from "~/lib/configured-media-store.server";
import { insertDemoEnquiries } from "./demo-enquiries.server";
import { insertDemoPurchaseOrders } from "./demo-purchase-orders.server";
import { insertDemoReviews } from "./demo-reviews.server";
import { stockDemoWarehouses } from "./demo-warehouses.server";
import { insertDemoSuppliers } from "./demo-suppliers.server";
import { insertDemoDeliveryZones } from "./demo-delivery-zones.server";
import { DEMO_PROMOTION_CATEGORIES, DEMO_PROMOTIONS } from "./promotions-data";
import { DEMO_PRODUCTS } from "./catalog/all-products";
import { BRANDS, CATEGORIES } from "./catalog/categories-and-brands";
import { productImageKey, writeProductImages, writeSiteImages } from "./images.server";
import { featuredRanks, openingStock, productRow, variantRow, variantSku } from "./product-rows";
import { STORE_SETTINGS } from "./store-settings-data";

type ImageSizes = Map<string, { width: number; height: number }>;

const SEED_LOCK = 7310432;

async function hasProducts(executor: Pick<Tx, "select">): Promise<boolean> {
  const [row] = await executor.select({ n: count() }).from(products);
  return (row?.n ?? 0) > 0;
}

/**
 * Seeds the demo catalogue, the demo owner (DEMO_OWNER), the demo's enquiries and purchase
 * orders when there are no products yet; returns whether it did. A database that already holds
 * a shop gets no demo owner, enquiries or purchase orders.
 */
export async function seedIfEmpty(options: { dataDir: string }): Promise<boolean> {
  const seeded = (await hasProducts(db())) ? false : await seed(options.dataDir, "skip");
  if (seeded) {
    await ensureDemoOwner();
    await insertDemoEnquiries();
    await insertDemoPurchaseOrders();
    await insertDemoReviews({ store: mediaStore({ dataDir: options.dataDir }) });
  }
  return seeded;
}

/** Seeds the demo catalogue, images and shop details; the catalogue must be empty. */
export async function seedDemo(options: { dataDir: string }): Promise<{ products: number }> {
  await seed(options.dataDir, "throw");
  return { products: DEMO_PRODUCTS.length };
}

async function seed(dataDir: string, whenNotEmpty: "skip" | "throw"): Promise<boolean> {
  return db().transaction(async (tx) => {
    // Several server processes may start at once against one PostgreSQL: one seeds, the
    // others wait here and then find the products.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasProducts(tx)) {
      if (whenNotEmpty === "skip") return false;
      throw new Error("The database already has products; the demo catalogue was not seeded.");
    }
    // Into the configured store (MEDIA_STORE): the data folder, or the shared object storage.
    const store = mediaStore({ dataDir });
    const [imageSizes] = await Promise.all([
      writeProductImages(store, DEMO_PRODUCTS),
      writeSiteImages(store),
    ]);
    await insertCatalogue(tx, imageSizes);
    await stockDemoWarehouses(tx);
    await tx.insert(storeSettings).values(STORE_SETTINGS).onConflictDoNothing();
    await tx.insert(promotions).values(DEMO_PROMOTIONS).onConflictDoNothing();
    for (const limit of DEMO_PROMOTION_CATEGORIES) {
      await tx.execute(sql`
        insert into promotion_categories (promotion_id, category_id)
        select p.id, c.id from promotions p, categories c
        where p.code = ${limit.code} and c.slug = ${limit.category}
        on conflict do nothing`);
    }
    await insertDemoSuppliers(tx);
    await insertDemoDeliveryZones(tx);
    return true;
  });
}

async function insertCatalogue(tx: Tx, imageSizes: ImageSizes) {
  // Existing rows (a shop that set up its categories first) are kept and reused.
  await tx
    .insert(categories)
    .values(CATEGORIES.map((c, i) => ({ ...c, sortOrder: i + 1 })))
    .onConflictDoNothing();
  await tx
    .insert(brands)
    .values([...BRANDS])
    .onConflictDoNothing();
  await tx
    .insert(warehouses)
    .values({ code: "main", name: "Showroom", isDefault: true })
    .onConflictDoNothing();

  const categoryIds = new Map(
    (await tx.select({ id: categories.id, slug: categories.slug }).from(categories)).map((c) => [
      c.slug,
      c.id,
    ]),
  );
  const brandIds = new Map(
    (await tx.select({ id: brands.id, slug: brands.slug }).from(brands)).map((b) => [b.slug, b.id]),
  );
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.code, "main"));
  if (!warehouse) throw new Error("The main warehouse is missing.");

  const now = new Date();
  const ranks = featuredRanks(DEMO_PRODUCTS);
  const productRows = DEMO_PRODUCTS.map((p, i) => {
    const categoryId = categoryIds.get(p.category);
    const brandId = p.brand ? brandIds.get(p.brand) : null;
    if (categoryId === undefined || brandId === undefined) {
      throw new Error(`Unknown category or brand for ${p.slug}.`);
    }
    return productRow(p, i, { categoryId, brandId, featuredRank: ranks[i]! }, now);
  });
  const inserted = await tx
    .insert(products)
    .values(productRows)
    .returning({ id: products.id, slug: products.slug });
  const productIds = new Map(inserted.map((p) => [p.slug, p.id]));
  const idOf = (slug: string) => productIds.get(slug)!;

  const variantRows = DEMO_PRODUCTS.flatMap((p) =>
    p.variants.map((v, position) => variantRow(p, v, position, idOf(p.slug))),
  );
  const insertedVariants = await tx
    .insert(variants)
    .values(variantRows)
    .returning({ id: variants.id, sku: variants.sku });
  const variantIds = new Map(insertedVariants.map((v) => [v.sku, v.id]));

  await tx.insert(stockLevels).values(
    DEMO_PRODUCTS.flatMap((p, productIndex) =>
      p.variants.map((v, position) => ({
        variantId: variantIds.get(variantSku(p, v.size))!,
        warehouseId: warehouse.id,
        onHand: openingStock(v, productIndex, position),
        reserved: 0,
      })),
    ),
  );

  await tx.insert(productImages).values(
    DEMO_PRODUCTS.map((p) => {
      const size = imageSizes.get(p.slug);
      if (!size) throw new Error(`No picture was drawn for ${p.slug}.`);
      return {
        productId: idOf(p.slug),
        mediaKey: productImageKey(p.slug),
        alt: p.alt,
        width: size.width,
        height: size.height,
        position: 0,
      };
    }),
  );
}
