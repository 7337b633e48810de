import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  categories,
  orderLines,
  orders,
  productImages,
  products,
  variants,
  warehouses,
} from "~/db/schema";
import { deleteProduct } from "~/domain/catalog/delete-product.server";
import { listAdminProducts } from "~/domain/catalog/list-products.server";
import { PRODUCT_LIST } from "~/domain/catalog/product-list";
import { readListParams } from "~/lib/list-params";
import { createProduct, updateProduct } from "~/domain/catalog/save-product.server";
import { productFormSchema, type ProductFormInput } from "~/domain/catalog/product-schemas";
import { getProduct } from "~/domain/catalog/get-product.server";
import { parseForm } from "~/lib/forms";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "./helpers";

useTestDatabase();
let dataDir: string;
let categoryId: number;
let actor: { id: string; email: string; name: string; role: "owner" };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "admin-products-"));
  process.env.DATA_DIR = dataDir;
  const [category] = await db()
    .insert(categories)
    .values({ slug: "mattresses", name: "Mattresses" })
    .returning();
  categoryId = category!.id;
  await db().insert(warehouses).values({ code: "main", name: "Main", isDefault: true });
  const owner = await signedIn("owner");
  actor = { id: owner.user.id, email: owner.email, name: owner.user.name, role: "owner" };
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

function form(fields: Record<string, string>): ProductFormInput {
  const parsed = parseForm(productFormSchema, { categoryId: String(categoryId), ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
}

const queen = (sku: string, price = "3499.00") => ({
  "variants.queen.sku": sku,
  "variants.queen.price": price,
});

describe("the product form's rules", () => {
  it("gives the specification's messages", () => {
    const parsed = parseForm(productFormSchema, {
      title: " ",
      categoryId: "1",
      "variants.double.sku": "",
      "variants.double.price": "3199",
      "variants.queen.sku": "Q-1",
      "variants.queen.price": "",
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fieldErrors).toMatchObject({
      title: "Title is required",
      "variants.double.sku": "SKU is required",
      "variants.queen.price": "Price is required",
    });
  });

  it("reads Rand amounts to cents and leaves an empty cost out", () => {
    const input = form({
      title: "Test",
      ...queen("q-1", "R3,499.5"),
      "variants.queen.cost": "",
    });
    expect(input.variants).toEqual([
      { size: "queen", sku: "Q-1", priceCents: 349950, originalPriceCents: null, costCents: null },
    ]);
  });
});

describe("creating, editing and deleting products", () => {
  it("derives a unique slug from the title", async () => {
    const a = await createProduct({
      input: form({ title: "Cloud Nine  Bed!", ...queen("CN-1") }),
      actor,
    });
    const b = await createProduct({
      input: form({ title: "Cloud nine bed", ...queen("CN-2") }),
      actor,
    });
    expect(a.slug).toBe("cloud-nine-bed");
    expect(b.slug).toBe("cloud-nine-bed-2");
  });

  it("refuses a SKU another product uses", async () => {
    await createProduct({ input: form({ title: "Sku Owner", ...queen("DUP-1") }), actor });
    await expect(
      createProduct({ input: form({ title: "Sku Thief", ...queen("dup-1") }), actor }),
    ).rejects.toThrow(/already used/);
  });

  it("shows a product in the shop only while it is active", async () => {
    const { id, slug } = await createProduct({
      input: form({ title: "Visible Bed", status: "active", ...queen("VIS-1") }),
      actor,
    });
    expect(await getProduct({ slug })).not.toBeNull();
    await updateProduct({
      id,
      input: form({ title: "Visible Bed", status: "draft", ...queen("VIS-1") }),
      actor,
    });
    expect(await getProduct({ slug })).toBeNull();
    await updateProduct({
      id,
      input: form({ title: "Visible Bed", status: "archived", ...queen("VIS-1") }),
      actor,
    });
    expect(await getProduct({ slug })).toBeNull();
  });

  it("logs price changes with the old and new price", async () => {
    const { id } = await createProduct({
      input: form({ title: "Priced Bed", ...queen("PR-1", "1000") }),
      actor,
    });
    await updateProduct({
      id,
      input: form({ title: "Priced Bed", ...queen("PR-1", "1200.50") }),
      actor,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "product_price_changed"), eq(auditLog.subject, `product:${id}`)),
      );
    expect(entry?.actorEmail).toBe(actor.email);
    expect(entry?.details).toMatchObject({
      sku: "PR-1",
      from: { price: 100000 },
      to: { price: 120050 },
    });
  });

  it("turns an uploaded picture into responsive files", async () => {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#336699" },
    })
      .png()
      .toBuffer();
    const file = new File([new Uint8Array(png)], "bed.png", { type: "image/png" });
    const { id } = await createProduct({
      input: form({ title: "Pictured Bed", ...queen("PIC-1") }),
      uploads: [{ file, alt: "" }],
      actor,
    });
    const [image] = await db().select().from(productImages).where(eq(productImages.productId, id));
    expect(image).toMatchObject({ alt: "Pictured Bed" });
    const files = await fs.readdir(path.join(dataDir, "media", "products"));
    expect(files.filter((f) => f.startsWith(image!.mediaKey.split("/")[1]!))).toHaveLength(6);
  });

  it("deletes a product never ordered, and archives one that was", async () => {
    const fresh = await createProduct({
      input: form({ title: "Never Sold", ...queen("NS-1") }),
      actor,
    });
    expect(await deleteProduct({ id: fresh.id, actor })).toMatchObject({ outcome: "deleted" });
    expect(await db().select().from(products).where(eq(products.id, fresh.id))).toHaveLength(0);

    const sold = await createProduct({
      input: form({ title: "Sold Bed", ...queen("SB-1") }),
      actor,
    });
    const [order] = await db()
      .insert(orders)
      .values({
        token: "t",
        idempotencyKey: "k-sold",
        firstName: "A",
        lastName: "B",
        email: "a@example.com",
        phone: "1",
        address: "1 Road",
        city: "Town",
        postalCode: "1234",
        deliveryMethod: "standard",
        paymentMethod: "card",
        subtotalCents: 349900,
        deliveryCents: 0,
        vatCents: 45639,
        totalCents: 349900,
        payBy: new Date(Date.now() + 3600_000),
      })
      .returning();
    const [variant] = await db().select().from(variants).where(eq(variants.productId, sold.id));
    await db().insert(orderLines).values({
      orderId: order!.id,
      productId: sold.id,
      variantId: variant!.id,
      title: "Sold Bed",
      size: "Queen",
      sku: "SB-1",
      unitPriceCents: 349900,
      quantity: 1,
      lineTotalCents: 349900,
    });
    expect(await deleteProduct({ id: sold.id, actor })).toMatchObject({ outcome: "archived" });
    const [row] = await db().select().from(products).where(eq(products.id, sold.id));
    expect(row?.status).toBe("archived");
    await expect(
      updateProduct({
        id: sold.id,
        input: form({
          title: "Sold Bed",
          "variants.king.sku": "SB-K",
          "variants.king.price": "4000",
        }),
        actor,
      }),
    ).rejects.toThrow(/has been ordered/);
  });

  it("lists with summary cards and finds by title or SKU, any case", async () => {
    const list = (query = "") =>
      listAdminProducts(readListParams(PRODUCT_LIST, new URLSearchParams(query)));
    expect((await list("q=cn-2")).rows.map((p) => p.title)).toEqual(["Cloud nine bed"]);
    expect((await list("q=PRICED")).rows).toHaveLength(1);
    const all = await list();
    expect(all.summary.total).toBe(all.total);
    expect(all.summary.totalValueCents).toBe(all.rows.reduce((s, p) => s + (p.priceCents ?? 0), 0));
    // Filtered by status and sorted by name, on the server.
    const drafts = await list("status=draft");
    expect(drafts.rows.every((p) => p.status === "draft")).toBe(true);
    const byName = (await list("sort=name&dir=asc")).rows.map((p) => p.title.toLowerCase());
    expect(byName).toEqual([...byName].sort());
  });
});
