// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  invoiceLines,
  promotions,
  purchaseOrderLines,
  refunds,
  storeSettings,
  variants,
} from "~/db/schema";
import { AMOUNT_MESSAGE } from "~/lib/money";
import * as invoiceNew from "~/routes/admin/invoice-new";
import * as orderPage from "~/routes/admin/order";
import * as productEdit from "~/routes/admin/product-edit";
import * as productNew from "~/routes/admin/product-new";
import * as promotionsPage from "~/routes/admin/promotions";
import * as purchaseOrderNew from "~/routes/admin/purchase-order-new";
import * as integrations from "~/routes/admin/settings-integrations";
import { useTestDatabase } from "../setup/database";
import { formRequest, routeOutcome, signedIn, statusOf } from "./admin/helpers";
import { paidOrder } from "./invoicing/invoice-fixtures";
import { addVariant, setUpShop } from "./orders/fixtures";
import { insertSupplier } from "./purchasing/purchase-order-fixtures";

// Defect 7 of issue 32: "1150,50" typed into a unit price was saved as R115,050.00.
useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let owner: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "amount-fields-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  shop = await setUpShop();
  owner = (await signedIn("owner")).cookie;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Posts `fields` to a route's action as the owner: the answer's status and body. */
async function post(
  action: unknown,
  url: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const { returned, thrown } = await routeOutcome(action, formRequest(url, fields, owner), params);
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown })?.data ?? answer) as {
    ok?: boolean;
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
  };
  return { status: statusOf(answer), body };
}

/** A refused amount: 400, the one message at its field, and what was typed kept. */
function expectRefused(answer: Awaited<ReturnType<typeof post>>, field: string, typed: string) {
  expect(answer.status).toBe(400);
  expect(answer.body.fieldErrors).toMatchObject({ [field]: AMOUNT_MESSAGE });
  expect(answer.body.values).toMatchObject({ [field]: typed });
}

describe("a decimal comma is read as Rand and cents on every money form", () => {
  it("the product form saves a price of 1150,50 as R1,150.50, and keeps it on an ambiguous 1,150", async () => {
    const fields = {
      title: "Comma Bed",
      categoryId: String(shop.categoryId),
      status: "active",
      "variants.queen.sku": "COMMA-Q",
      "variants.queen.price": "1150,50",
      "variants.queen.cost": "R 700",
    };
    const created = await post(productNew.action, "/admin/products/new", fields);
    expect(created.body.ok).toBe(true);
    const [variant] = await db().select().from(variants).where(eq(variants.sku, "COMMA-Q"));
    expect(variant).toMatchObject({ priceCents: 115_050, costCents: 70_000 });

    const id = String(variant!.productId);
    const edit = { ...fields, "variants.queen.price": "1,150" };
    const refused = await post(productEdit.action, `/admin/products/${id}`, edit, { id });
    expectRefused(refused, "variants.queen.price", "1,150");
    const [kept] = await db().select().from(variants).where(eq(variants.sku, "COMMA-Q"));
    expect(kept!.priceCents).toBe(115_050);
  });

  it("a hand-made invoice saves a unit price of 1 150,50 as R1,150.50, and creates none on 1.150", async () => {
    const fields = {
      buyerName: "Kgosi Guest House",
      "lines.0.description": "Delivery to Mahikeng",
      "lines.0.quantity": "2",
      "lines.0.unitPrice": "1\u00a0150,50",
    };
    const created = await post(invoiceNew.action, "/admin/invoices/new", fields);
    expect(created.body.ok).toBe(true);
    const lines = await db().select().from(invoiceLines);
    expect(lines).toEqual([
      expect.objectContaining({ unitPriceCents: 115_050, lineTotalCents: 230_100 }),
    ]);

    const refused = await post(invoiceNew.action, "/admin/invoices/new", {
      ...fields,
      "lines.0.unitPrice": "1.150",
    });
    expectRefused(refused, "lines.0.unitPrice", "1.150");
    expect((await db().select({ n: count() }).from(invoiceLines))[0]!.n).toBe(1);
  });

  it("a refund of 1150,50 pays back R1,150.50, and an ambiguous 1,150 pays back nothing", async () => {
    const { order } = await paidOrder(shop, { priceCents: 300_000 });
    const url = `/admin/orders/${order.number}`;
    const params = { number: String(order.number) };
    const fields = {
      intent: "refund",
      reason: "Scuffed headboard",
      method: "eft",
      eftReference: "FNB 1150",
    };
    const refused = await post(orderPage.action, url, { ...fields, amount: "1,150" }, params);
    expectRefused(refused, "amount", "1,150");
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);

    const preview = await post(
      orderPage.action,
      url,
      { ...fields, intent: "refund-preview", amount: "1150,50" },
      params,
    );
    const { refundsSeen } = (preview.body as { preview: { refundsSeen: string } }).preview;
    const made = await post(
      orderPage.action,
      url,
      { ...fields, amount: "1150,50", refundsSeen },
      params,
    );
    expect(made.body.ok).toBe(true);
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund!.amountCents).toBe(115_050);
  });

  it("a fixed promotion of R1150,50 takes R1,150.50 off, and 1150,505 is refused", async () => {
    const fields = {
      intent: "create",
      code: "COMMA",
      kind: "fixed",
      description: "",
      value: "R1150,50",
      usageLimit: "",
      startDate: "",
      endDate: "",
      active: "on",
    };
    const refused = await post(promotionsPage.action, "/admin/promotions", {
      ...fields,
      value: "1150,505",
    });
    expectRefused(refused, "value", "1150,505");
    expect(await db().select().from(promotions).where(eq(promotions.code, "COMMA"))).toEqual([]);

    expect((await post(promotionsPage.action, "/admin/promotions", fields)).body.ok).toBe(true);
    const [promotion] = await db().select().from(promotions).where(eq(promotions.code, "COMMA"));
    expect(promotion!.value).toBe(115_050);
  });

  it("the delivery fee of 1150,50 is saved as R1,150.50, and kept on 1.150", async () => {
    const fields = {
      intent: "shipping",
      standardDeliveryCents: "1150,50",
      expressDeliveryCents: "1 150.50",
      freeDeliveryThresholdCents: "R2 000",
      removalFeeCents: "250,50",
      assemblyFeeCents: "R 1 150.50",
    };
    const url = "/admin/settings/integrations";
    expect((await post(integrations.action, url, fields)).body.ok).toBe(true);
    const settings = async () => (await db().select().from(storeSettings))[0]!;
    expect(await settings()).toMatchObject({
      standardDeliveryCents: 115_050,
      expressDeliveryCents: 115_050,
      freeDeliveryThresholdCents: 200_000,
      removalFeeCents: 25_050,
      assemblyFeeCents: 115_050,
    });

    const refused = await post(integrations.action, url, {
      ...fields,
      standardDeliveryCents: "1.150",
    });
    expectRefused(refused, "standardDeliveryCents", "1.150");
    expect((await settings()).standardDeliveryCents).toBe(115_050);
  });

  it("a purchase order saves a unit cost of 1150,5 as R1,150.50, and creates none on 1,150", async () => {
    const supplier = await insertSupplier();
    const { variantId } = await addVariant(shop, { priceCents: 249_900, stock: 0 });
    const [variant] = await db().select().from(variants).where(eq(variants.id, variantId));
    const fields = {
      supplierId: String(supplier.id),
      notes: "",
      "lines.0.sku": variant!.sku,
      "lines.0.quantity": "2",
      "lines.0.unitCost": "1,150",
    };
    const url = "/admin/purchase-orders/new";
    expectRefused(await post(purchaseOrderNew.action, url, fields), "lines.0.unitCost", "1,150");
    expect(await db().select().from(purchaseOrderLines)).toEqual([]);

    await post(purchaseOrderNew.action, url, { ...fields, "lines.0.unitCost": "1150,5" });
    const lines = await db().select().from(purchaseOrderLines);
    expect(lines).toEqual([expect.objectContaining({ unitCostCents: 115_050 })]);
  });
});
