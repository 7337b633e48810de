import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  invoices,
  orderLines,
  orders,
  products,
  refunds,
  stockLevels,
  variants,
} from "~/db/schema";
import { vatIncludedCents } from "~/domain/orders/totals";
import { setUpShop } from "../orders/fixtures";

export type CatalogueItem = {
  productId: number;
  variantId: number;
  title: string;
  sku: string;
  priceCents: number;
  costCents: number | null;
};

/** The shop and a few products, some with a cost price and some without, each with stock. */
export async function setUpCatalogue(
  count = 5,
): Promise<{ items: CatalogueItem[]; warehouseId: number }> {
  const shop = await setUpShop();
  const items: CatalogueItem[] = [];
  for (let i = 0; i < count; i++) {
    const title = `Report Bed ${i + 1}`;
    const [product] = await db()
      .insert(products)
      .values({ slug: `report-bed-${i + 1}`, title, type: "Foam Bed", categoryId: shop.categoryId })
      .returning();
    const priceCents = 100_000 + i * 37_500;
    const costCents = i % 3 === 2 ? null : Math.round(priceCents * 0.5) + i * 101;
    const sku = `RB-${i + 1}`;
    const [variant] = await db()
      .insert(variants)
      .values({ productId: product!.id, size: "queen", sku, priceCents, costCents })
      .returning();
    await db()
      .insert(stockLevels)
      .values({
        variantId: variant!.id,
        warehouseId: shop.warehouseId,
        onHand: 3 + i * 2,
        reserved: i % 2,
      });
    items.push({
      productId: product!.id,
      variantId: variant!.id,
      title,
      sku,
      priceCents,
      costCents,
    });
  }
  return { items, warehouseId: shop.warehouseId };
}

export type OrderSpec = {
  paidAt: Date | null;
  createdAt: Date;
  email: string;
  city: string;
  lines: { item: number; quantity: number }[];
  discountCents: number;
  deliveryCents: number;
  refunds: { amountCents: number; at: Date; completed: boolean }[];
};

export type SavedOrder = OrderSpec & { id: number; totalCents: number; vatCents: number };

let sequence = 0;

/** Inserts orders (and their lines, an invoice and refunds where asked) as a paid shop has them. */
export async function insertOrders(
  items: CatalogueItem[],
  specs: OrderSpec[],
): Promise<SavedOrder[]> {
  const saved: SavedOrder[] = [];
  for (const spec of specs) {
    const lines = spec.lines.map((l) => ({ ...l, c: items[l.item]! }));
    const subtotal = lines.reduce((n, l) => n + l.c.priceCents * l.quantity, 0);
    const discount = Math.min(spec.discountCents, subtotal);
    const total = subtotal - discount + spec.deliveryCents;
    const vat = vatIncludedCents(total);
    const n = ++sequence;
    const [order] = await db()
      .insert(orders)
      .values({
        token: crypto.randomBytes(8).toString("hex"),
        idempotencyKey: `report-${n}-${crypto.randomBytes(4).toString("hex")}`,
        status: spec.paidAt ? "processing" : "pending",
        paymentStatus: spec.paidAt ? "paid" : "unpaid",
        stockHold: spec.paidAt ? "sold" : "reserved",
        firstName: "Test",
        lastName: `Buyer ${n}`,
        email: spec.email,
        phone: "0820000000",
        address: "1 Road",
        city: spec.city,
        postalCode: "2740",
        deliveryMethod: "standard",
        paymentMethod: "card",
        subtotalCents: subtotal,
        discountCents: discount,
        deliveryCents: spec.deliveryCents,
        vatCents: vat,
        totalCents: total,
        payBy: new Date(spec.createdAt.getTime() + 3_600_000),
        paidAt: spec.paidAt,
        createdAt: spec.createdAt,
      })
      .returning({ id: orders.id });
    await db()
      .insert(orderLines)
      .values(
        lines.map((l, position) => ({
          orderId: order!.id,
          variantId: l.c.variantId,
          productId: l.c.productId,
          title: l.c.title,
          size: "queen",
          sku: l.c.sku,
          unitPriceCents: l.c.priceCents,
          quantity: l.quantity,
          lineTotalCents: l.c.priceCents * l.quantity,
          position,
        })),
      );
    if (spec.refunds.length > 0) {
      const [invoice] = await db()
        .insert(invoices)
        .values({
          number: n,
          orderId: order!.id,
          status: "paid",
          issueDate: spec.paidAt!.toISOString().slice(0, 10),
          seller: {
            storeName: "Test Beds",
            legalName: "",
            registrationNumber: "",
            vatNumber: "",
            addressLines: [],
            phone: "",
            email: "",
          },
          buyerName: `Test Buyer ${n}`,
          totalCents: total,
          vatCents: vat,
        })
        .returning({ id: invoices.id });
      for (const r of spec.refunds) {
        await db()
          .insert(refunds)
          .values({
            orderId: order!.id,
            invoiceId: invoice!.id,
            method: "eft",
            amountCents: r.amountCents,
            reason: "Test",
            status: r.completed ? "completed" : "failed",
            createdBy: "test",
            createdAt: r.at,
          });
      }
    }
    saved.push({ ...spec, id: order!.id, totalCents: total, vatCents: vat });
  }
  return saved;
}

/** Removes every order, its lines, invoices and refunds: a clean slate for the next run. */
export async function clearOrders(): Promise<void> {
  await db().execute(sql`delete from refunds`);
  await db().execute(sql`delete from credit_note_lines`);
  await db().execute(sql`delete from credit_notes`);
  await db().execute(sql`delete from invoice_lines`);
  await db().execute(sql`delete from invoices`);
  await db().execute(sql`delete from order_lines`);
  await db().execute(sql`delete from orders`);
}
