import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoiceLines, stockLevels, stockMovements, variants, warehouses } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { creditManualInvoice } from "~/domain/invoicing/credit-manual-invoice.server";
import { getInvoice } from "~/domain/invoicing/invoice-document.server";
import { manualInvoiceFormSchema } from "~/domain/invoicing/manual-invoice-schemas";
import { createManualInvoice } from "~/domain/invoicing/save-manual-invoice.server";
import { sendInvoice } from "~/domain/invoicing/send-invoice.server";
import { parseForm } from "~/lib/forms";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";
import { issuedManualInvoice } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let actor: { id: string; email: string };
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "manual-invoice-stock-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  shop = await setUpShop();
  actor = (await signedIn("staff")).user;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function bedWithStock(stock: number) {
  const { variantId } = await addVariant(shop, { priceCents: 150_000, stock });
  const [row] = await db().select().from(variants).where(eq(variants.id, variantId));
  return { variantId, sku: row!.sku };
}

const onHandIn = async (variantId: number, warehouseId: number) =>
  (
    await db()
      .select()
      .from(stockLevels)
      .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)))
  )[0]?.onHand ?? 0;

const movementsOf = (variantId: number) =>
  db()
    .select({
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      warehouseId: stockMovements.warehouseId,
      reference: stockMovements.reference,
    })
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(stockMovements.id);

const withDelivery = (sku: string, quantity: string) => ({
  "lines.0.sku": sku,
  "lines.0.quantity": quantity,
  "lines.1.description": "Delivery to Mahikeng",
  "lines.1.quantity": "1",
  "lines.1.unitPrice": "450",
});

describe("a hand-made invoice's stock", () => {
  it("leaves the default warehouse as a sale when the invoice is issued, once", async () => {
    // Before, a paid hand-made invoice for catalogue items moved no stock at all.
    const bed = await bedWithStock(10);
    const created = await issuedManualInvoice(actor, withDelivery(bed.sku, "3"));
    expect(await onHandIn(bed.variantId, shop.warehouseId)).toBe(7);
    await sendInvoice({ invoiceId: created.id, actor }); // a copy moves nothing
    expect(await movementsOf(bed.variantId)).toEqual([
      {
        kind: "sale",
        quantity: -3,
        warehouseId: shop.warehouseId,
        reference: created.invoiceNumber,
      },
    ]);
  });

  it("is refused with a clear message when not enough is available, and nothing is sent", async () => {
    const bed = await bedWithStock(1);
    const parsed = parseForm(manualInvoiceFormSchema, {
      buyerName: "Kgosi Guest House",
      buyerEmail: "accounts@kgosi.example",
      ...withDelivery(bed.sku, "2"),
    });
    if (!parsed.ok) throw new Error("refused");
    const created = await createManualInvoice({ input: parsed.data, actor });
    const error = await sendInvoice({ invoiceId: created.id, actor }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: "conflict",
      message: `Only 1 of Test Bed ${bed.sku.split("-")[1]}, Queen is available in Showroom, and ${created.invoiceNumber} sells 2: receive or transfer stock there first.`,
    });
    expect((await getInvoice({ invoiceId: created.id })).status).toBe("draft");
    expect(await onHandIn(bed.variantId, shop.warehouseId)).toBe(1);
    const mail = await fs.readdir(path.join(dataDir, "outbox")).catch(() => []);
    expect(mail.join()).not.toContain(created.invoiceNumber);
  });

  it("comes back on its credit note into the warehouse it left, at most what it moved", async () => {
    const bed = await bedWithStock(10);
    const created = await issuedManualInvoice(actor, withDelivery(bed.sku, "2"));
    // The shop's default warehouse changes after the sale: the goods still go back where they left.
    const [store] = await db()
      .insert(warehouses)
      .values({ code: `S${bed.variantId}`, name: "Store room" })
      .returning();
    await db()
      .update(warehouses)
      .set({ isDefault: false })
      .where(eq(warehouses.id, shop.warehouseId));
    await db().update(warehouses).set({ isDefault: true }).where(eq(warehouses.id, store!.id));
    try {
      const credit = (lines: { position: number; quantity: number }[]) =>
        creditManualInvoice({
          invoiceId: created.id,
          input: { lines, amountCents: null, reason: "Returned", paidBack: null, restock: true },
          actor,
        });
      await credit([{ position: 0, quantity: 1 }]);
      await credit([{ position: 1, quantity: 1 }]); // delivery: no stock
      expect(await onHandIn(bed.variantId, shop.warehouseId)).toBe(9);
      expect(await onHandIn(bed.variantId, store!.id)).toBe(0);
      const more = await credit([{ position: 0, quantity: 2 }]).catch((e: unknown) => e);
      expect(more).toMatchObject({ message: "Only 1 of this line can still be credited." });
      await credit([{ position: 0, quantity: 1 }]);
      expect(await onHandIn(bed.variantId, shop.warehouseId)).toBe(10);
      expect((await movementsOf(bed.variantId)).filter((m) => m.kind === "return")).toEqual([
        expect.objectContaining({ quantity: 1, warehouseId: shop.warehouseId }),
        expect.objectContaining({ quantity: 1, warehouseId: shop.warehouseId }),
      ]);
      const [line] = await db()
        .select()
        .from(invoiceLines)
        .where(and(eq(invoiceLines.invoiceId, created.id), eq(invoiceLines.position, 0)));
      expect(line!.warehouseId).toBe(shop.warehouseId);
    } finally {
      await db().update(warehouses).set({ isDefault: false }).where(eq(warehouses.id, store!.id));
      await db()
        .update(warehouses)
        .set({ isDefault: true })
        .where(eq(warehouses.id, shop.warehouseId));
    }
  });
});
