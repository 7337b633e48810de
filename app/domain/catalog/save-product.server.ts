import crypto from "node:crypto";
import { and, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import {
  brands,
  categories,
  orderLines,
  productImages,
  products,
  stockLevels,
  variants,
  warehouses,
} from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { mediaStore } from "~/lib/configured-media-store.server";
import { renderImageVariants, storeImageVariants, type RenderedImage } from "~/lib/media.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, invalid, notFound } from "~/domain/errors";
import { BED_SIZES, type ProductFormInput } from "./product-schemas";
import { slugify, uniqueSlug } from "./slug";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]);

type Actor = Pick<SessionUser, "id" | "email">;
type Upload = { file: File; alt: string };

/** Creates a product with its sizes (each with an empty stock row) and pictures. */
export async function createProduct(options: {
  input: ProductFormInput;
  uploads?: Upload[];
  actor: Actor;
}): Promise<{ id: number; slug: string }> {
  const { input } = options;
  const pictures = await storeUploads(options.uploads ?? [], slugify(input.title));
  return db().transaction(async (tx) => {
    await assertChoicesExist(tx, input);
    await assertSkusFree(
      tx,
      input.variants.map((v) => v.sku),
    );
    const slug = await freeSlug(tx, slugify(input.title));
    const [product] = await tx
      .insert(products)
      .values({ ...productColumns(input), slug })
      .returning({ id: products.id, slug: products.slug });
    const id = product!.id;
    await insertVariants(tx, id, input.variants);
    await insertPictures(tx, id, pictures, 0, input.title);
    await recordAudit(
      {
        action: "product_created",
        actorId: options.actor.id,
        actorEmail: options.actor.email,
        subject: `product:${id}`,
        details: {
          title: input.title,
          prices: Object.fromEntries(input.variants.map((v) => [v.sku, v.priceCents])),
        },
      },
      tx,
    );
    return { id, slug: product!.slug };
  });
}

/**
 * Saves the edit form: product fields, sizes added, changed or removed (a size that has been
 * ordered is kept), pictures added or removed. Price changes go to the audit log.
 */
export async function updateProduct(options: {
  id: number;
  input: ProductFormInput;
  uploads?: Upload[];
  removeImageIds?: number[];
  actor: Actor;
}): Promise<{ id: number; slug: string }> {
  const { id, input, actor } = options;
  const pictures = await storeUploads(options.uploads ?? [], slugify(input.title));
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ title: products.title, slug: products.slug })
      .from(products)
      .where(eq(products.id, id))
      .for("update");
    if (!current) throw notFound("This product does not exist.");
    await assertChoicesExist(tx, input);
    await assertSkusFree(
      tx,
      input.variants.map((v) => v.sku),
      id,
    );
    const slug =
      current.title === input.title ? current.slug : await freeSlug(tx, slugify(input.title), id);
    await tx
      .update(products)
      .set({ ...productColumns(input), slug, updatedAt: new Date() })
      .where(eq(products.id, id));

    const existing = await tx.select().from(variants).where(eq(variants.productId, id));
    const wanted = new Map(input.variants.map((v) => [v.size, v]));
    const priceChanges: Record<string, unknown>[] = [];
    for (const old of existing) {
      const next = wanted.get(old.size);
      if (!next) {
        if (await variantOrdered(tx, old.id)) {
          throw conflict(
            `The ${SIZE_LABELS[old.size]} size has been ordered, so it cannot be removed. Archive the product instead.`,
            `variants.${old.size}.sku`,
          );
        }
        await tx.delete(variants).where(eq(variants.id, old.id));
        continue;
      }
      wanted.delete(old.size);
      const changed =
        old.priceCents !== next.priceCents ||
        old.originalPriceCents !== next.originalPriceCents ||
        old.costCents !== next.costCents;
      if (changed) {
        priceChanges.push({
          sku: next.sku,
          size: old.size,
          from: {
            price: old.priceCents,
            originalPrice: old.originalPriceCents,
            cost: old.costCents,
          },
          to: {
            price: next.priceCents,
            originalPrice: next.originalPriceCents,
            cost: next.costCents,
          },
        });
      }
      await tx
        .update(variants)
        .set({
          sku: next.sku,
          priceCents: next.priceCents,
          originalPriceCents: next.originalPriceCents,
          costCents: next.costCents,
        })
        .where(eq(variants.id, old.id));
    }
    await insertVariants(tx, id, [...wanted.values()]);

    if (options.removeImageIds?.length) {
      await tx
        .delete(productImages)
        .where(
          and(eq(productImages.productId, id), inArray(productImages.id, options.removeImageIds)),
        );
    }
    const [last] = await tx
      .select({ position: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
      .from(productImages)
      .where(eq(productImages.productId, id));
    await insertPictures(tx, id, pictures, (last?.position ?? -1) + 1, input.title);

    for (const change of priceChanges) {
      await recordAudit(
        {
          action: "product_price_changed",
          actorId: actor.id,
          actorEmail: actor.email,
          subject: `product:${id}`,
          details: { title: input.title, ...change },
        },
        tx,
      );
    }
    return { id, slug };
  });
}

/** The product row's columns: everything the form gives but its sizes. */
function productColumns(input: ProductFormInput) {
  const { variants: _variants, ...columns } = input;
  return columns;
}

async function freeSlug(tx: Tx, base: string, exceptId?: number) {
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), like(products.slug, `${base}-%`)),
        exceptId ? ne(products.id, exceptId) : undefined,
      ),
    );
  return uniqueSlug(base, new Set(rows.map((r) => r.slug)));
}

/** The category and brand must be ones the shop has: the form offers only those. */
async function assertChoicesExist(tx: Tx, input: ProductFormInput) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw invalid("Choose a category from the list.", "categoryId");
  if (input.brandId === null) return;
  const [brand] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.id, input.brandId));
  if (!brand) throw invalid("Choose a brand from the list.", "brandId");
}

async function assertSkusFree(tx: Tx, skus: string[], exceptProductId?: number) {
  if (skus.length === 0) return;
  const [taken] = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .where(
      and(
        inArray(variants.sku, skus),
        exceptProductId ? ne(variants.productId, exceptProductId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw conflict(`The SKU ${taken.sku} is already used by another product.`);
  }
}

async function insertVariants(tx: Tx, productId: number, rows: ProductFormInput["variants"]) {
  if (rows.length === 0) return;
  const inserted = await tx
    .insert(variants)
    .values(
      rows.map((v) => ({
        productId,
        size: v.size,
        sku: v.sku,
        priceCents: v.priceCents,
        originalPriceCents: v.originalPriceCents,
        costCents: v.costCents,
        sortOrder: BED_SIZES.indexOf(v.size),
      })),
    )
    .returning({ id: variants.id });
  // A new size starts with no stock in the default warehouse; stock is received separately.
  const [warehouse] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.isDefault, true))
    .limit(1);
  if (warehouse) {
    await tx
      .insert(stockLevels)
      .values(inserted.map((v) => ({ variantId: v.id, warehouseId: warehouse.id })))
      .onConflictDoNothing();
  }
}

async function variantOrdered(tx: Tx, variantId: number) {
  const [row] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(eq(orderLines.variantId, variantId))
    .limit(1);
  return !!row;
}

type StoredPicture = { mediaKey: string; width: number; height: number; alt: string };

/** Turns uploads into responsive AVIF/WebP files; refuses what is not a picture. */
async function storeUploads(uploads: Upload[], slug: string): Promise<StoredPicture[]> {
  const stored: StoredPicture[] = [];
  for (const { file, alt } of uploads) {
    if (file.size === 0) continue;
    if (!IMAGE_TYPES.has(file.type)) {
      throw invalid("Pictures must be JPEG, PNG, WebP, AVIF or GIF files.", "images");
    }
    if (file.size > MAX_IMAGE_BYTES) {
      throw invalid("Each picture may be at most 5 MB.", "images");
    }
    let rendered: RenderedImage;
    try {
      rendered = await renderImageVariants(Buffer.from(await file.arrayBuffer()));
    } catch {
      throw invalid(`${file.name} could not be read as a picture.`, "images");
    }
    // A new name for every upload: stored files never change, so they are cached for a year.
    const key = `products/${slug}-${crypto.randomBytes(4).toString("hex")}`;
    // A store that fails is the shop's error (logged, 500), not a picture staff must change.
    await storeImageVariants(mediaStore(), key, rendered.variants);
    stored.push({ mediaKey: key, ...rendered.size, alt });
  }
  return stored;
}

async function insertPictures(
  tx: Tx,
  productId: number,
  pictures: StoredPicture[],
  firstPosition: number,
  title: string,
) {
  if (pictures.length === 0) return;
  await tx.insert(productImages).values(
    pictures.map((p, i) => ({
      productId,
      mediaKey: p.mediaKey,
      alt: p.alt || title,
      width: p.width,
      height: p.height,
      position: firstPosition + i,
    })),
  );
}
