import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  creditNoteLines,
  creditNotes,
  invoiceLines,
  invoices,
  orderLines,
  orders,
  products,
  refunds,
  stockLevels,
  variants,
} from "~/db/schema";
import { recordRefundPaid } from "~/domain/ledger/record-cash.server";
import {
  recordCreditNoteInLedger,
  recordInvoiceInLedger,
} from "~/domain/ledger/record-sales.server";
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
let creditSequence = 0;

const SELLER = {
  storeName: "Test Beds",
  legalName: "",
  registrationNumber: "",
  vatNumber: "",
  addressLines: [],
  phone: "",
  email: "",
};

const oneLine = (description: string, cents: number) => ({
  description,
  sku: "",
  variantId: null,
  quantity: 1,
  unitPriceCents: cents,
  lineTotalCents: cents,
});

/**
 * Inserts orders as a paid shop has them: a paid one with its tax invoice (lines, delivery and
 * discount) issued when paid, and its refunds with a credit note for each completed one, each
 * recorded in the sales ledger as the shop records them.
 */
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
        status: spec.paidAt ? "to_deliver" : "awaiting_payment",
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
    if (spec.paidAt) {
      await db().transaction(async (tx) => {
        const invoiceLineRows = [
          ...lines.map((l) => ({
            description: `${l.c.title}, Queen`,
            sku: l.c.sku,
            variantId: l.c.variantId,
            quantity: l.quantity,
            unitPriceCents: l.c.priceCents,
            lineTotalCents: l.c.priceCents * l.quantity,
          })),
          ...(spec.deliveryCents > 0 ? [oneLine("Standard delivery", spec.deliveryCents)] : []),
          ...(discount > 0 ? [oneLine("Discount", -discount)] : []),
        ];
        const [invoice] = await tx
          .insert(invoices)
          .values({
            number: n,
            orderId: order!.id,
            orderNumber: n,
            status: "paid",
            issueDate: spec.paidAt!.toISOString().slice(0, 10),
            seller: SELLER,
            buyerName: `Test Buyer ${n}`,
            totalCents: total,
            vatCents: vat,
            paidAt: spec.paidAt,
            createdAt: spec.paidAt!,
          })
          .returning({ id: invoices.id });
        await tx
          .insert(invoiceLines)
          .values(
            invoiceLineRows.map((l, position) => ({ ...l, invoiceId: invoice!.id, position })),
          );
        await recordInvoiceInLedger(tx, invoice!.id);
        for (const r of spec.refunds) {
          let creditNoteId: number | null = null;
          if (r.completed) {
            const [note] = await tx
              .insert(creditNotes)
              .values({
                number: ++creditSequence,
                invoiceId: invoice!.id,
                issueDate: r.at.toISOString().slice(0, 10),
                reason: "Test",
                totalCents: r.amountCents,
                vatCents: vatIncludedCents(r.amountCents),
                createdBy: "test",
                createdAt: r.at,
              })
              .returning({ id: creditNotes.id });
            await tx.insert(creditNoteLines).values({
              ...oneLine("Refund: Test", r.amountCents),
              creditNoteId: note!.id,
              position: 0,
            });
            creditNoteId = note!.id;
            await recordCreditNoteInLedger(tx, creditNoteId);
          }
          const [refund] = await tx
            .insert(refunds)
            .values({
              orderId: order!.id,
              invoiceId: invoice!.id,
              creditNoteId,
              method: "eft",
              amountCents: r.amountCents,
              reason: "Test",
              status: r.completed ? "completed" : "failed",
              createdBy: "test",
              createdAt: r.at,
              updatedAt: r.at,
            })
            .returning({ id: refunds.id });
          await recordRefundPaid(tx, { refundId: refund!.id });
        }
      });
    }
    saved.push({ ...spec, id: order!.id, totalCents: total, vatCents: vat });
  }
  return saved;
}

/** Removes every order, its lines, invoices, refunds and ledger rows: a clean slate for the next run. */
export async function clearOrders(): Promise<void> {
  await db().execute(sql`delete from sales_ledger_lines`);
  await db().execute(sql`delete from sales_ledger`);
  await db().execute(sql`delete from refunds`);
  await db().execute(sql`delete from credit_note_lines`);
  await db().execute(sql`delete from credit_notes`);
  await db().execute(sql`delete from invoice_lines`);
  await db().execute(sql`delete from invoices`);
  await db().execute(sql`delete from order_lines`);
  await db().execute(sql`delete from orders`);
}
