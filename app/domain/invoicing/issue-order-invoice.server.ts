import { addressLines } from "~/domain/addresses/format-address";
import { asc, eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { nextDocumentNumber } from "~/db/document-counter.server";
import {
  deliveryQuotes,
  invoiceLines,
  invoices,
  orderLines,
  orders,
  storeSettings,
} from "~/db/schema";
import { recordInvoiceInLedger } from "~/domain/ledger/record-sales.server";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { DELIVERY_METHOD_LABELS } from "~/domain/orders/totals";
import { ADD_ON_TEXT, chosenAddOns } from "~/domain/orders/add-ons";
import { shopToday } from "~/lib/dates";
import { FULL_TAX_INVOICE_ABOVE_CENTS, invoiceAmounts } from "./invoice-amounts";
import { formatInvoiceNumber } from "./invoice-number";
import { invoiceWord, isVatVendor, sellerFromSettings } from "~/domain/documents/seller";

/**
 * Issues the tax invoice of a web order that has just been paid, inside the transaction that
 * records the payment: its number comes from the "invoice" counter row, locked until the
 * transaction commits, so parallel payments get consecutive numbers and a rolled-back payment
 * gives its number back (no gap, no reuse). The order's lines, delivery, delivery add-ons,
 * discount, buyer and the shop's details are copied onto the invoice, which later edits never
 * change. An order already invoiced keeps its invoice.
 */
export async function issueOrderInvoice(
  tx: Tx,
  options: { orderId: number; paymentReference: string; now?: Date },
): Promise<{ invoiceId: number; number: number }> {
  const now = options.now ?? new Date();
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(eq(invoices.orderId, options.orderId));
  if (existing) return { invoiceId: existing.id, number: existing.number };

  const [order] = await tx.select().from(orders).where(eq(orders.id, options.orderId));
  if (!order) throw new Error(`Order ${options.orderId} does not exist.`);
  const sold = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position), asc(orderLines.id));
  // A delivery the shop quoted (docs/decisions/041) is named as such, not by checkout's method.
  const [quoted] = await tx
    .select({ carrier: deliveryQuotes.carrier })
    .from(deliveryQuotes)
    .where(eq(deliveryQuotes.orderId, order.id));

  const lines = [
    ...sold.map((line) => ({
      description: `${line.title}, ${line.size}`,
      sku: line.sku,
      variantId: line.variantId,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lineTotalCents: line.lineTotalCents,
      // Its share of the discount line below: refunds and the ledger take it off this line.
      discountCents: line.discountCents,
    })),
    ...(order.deliveryCents > 0
      ? [
          {
            description: quoted
              ? `Delivery as quoted (${quoted.carrier === "courier" ? "courier" : "our own truck"})`
              : DELIVERY_METHOD_LABELS[order.deliveryMethod],
            sku: "",
            variantId: null,
            quantity: 1,
            unitPriceCents: order.deliveryCents,
            lineTotalCents: order.deliveryCents,
          },
        ]
      : []),
    // Delivery add-ons are lines like delivery (no SKU): a refund and the ledger treat them so.
    ...chosenAddOns(order).map(({ addOn, cents }) => ({
      description: ADD_ON_TEXT[addOn].line,
      sku: "",
      variantId: null,
      quantity: 1,
      unitPriceCents: cents,
      lineTotalCents: cents,
    })),
    ...(order.discountCents > 0
      ? [
          {
            description: `Discount${order.promotionCode ? ` (${order.promotionCode})` : ""}`,
            sku: "",
            variantId: null,
            quantity: 1,
            unitPriceCents: -order.discountCents,
            lineTotalCents: -order.discountCents,
          },
        ]
      : []),
  ];
  const amounts = invoiceAmounts(lines);
  if (amounts.totalCents !== order.totalCents) {
    throw new Error(
      `Order ${order.number}'s lines add up to ${amounts.totalCents} cents, not its total of ${order.totalCents}.`,
    );
  }

  const { invoiceId, number, seller } = await insertPaidInvoice(tx, {
    order,
    lines,
    totalCents: amounts.totalCents,
    vatCents: amounts.vatCents,
    paymentReference: options.paymentReference,
    now,
  });
  await recordInvoiceInLedger(tx, invoiceId);
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: "invoice_issued",
    message: `${invoiceWord(seller)} ${formatInvoiceNumber(number)} issued.`,
    actor: "system",
  });
  return { invoiceId, number };
}

type InvoiceLine = Omit<typeof invoiceLines.$inferInsert, "invoiceId" | "position">;

/**
 * Inserts a paid invoice of the order with its lines: the next number of the invoice series,
 * the shop's details and the buyer's copied on, VAT only from a shop with a VAT number (a shop
 * without one issues a plain invoice). The caller records it in the ledger.
 */
export async function insertPaidInvoice(
  tx: Tx,
  options: {
    order: typeof orders.$inferSelect;
    lines: InvoiceLine[];
    totalCents: number;
    vatCents: number;
    paymentReference: string;
    notes?: string;
    /** The cancelled lay-by whose charge it documents. */
    laybyPlanId?: number;
    now: Date;
  },
) {
  const { order, now } = options;
  // Read in the transaction: on the embedded database a read outside it would wait for it.
  const [settings] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!settings) throw new Error("The store settings are missing.");
  const seller = sellerFromSettings(settings);
  const number = await nextDocumentNumber(tx, "invoice");
  const issueDate = shopToday(now);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      orderId: order.id,
      orderNumber: order.number,
      laybyPlanId: options.laybyPlanId ?? null,
      status: "paid",
      issueDate,
      dueDate: issueDate,
      seller,
      ...buyerOf(order, options.totalCents),
      buyerEmail: order.email,
      buyerPhone: order.phone,
      // The address only: a gate code or a second mobile number is not the tax invoice's.
      buyerAddress: addressLines(order).join("\n"),
      totalCents: options.totalCents,
      // A shop without a VAT number charges none: its invoice is a plain one.
      vatCents: isVatVendor(seller) ? options.vatCents : 0,
      notes: options.notes ?? "",
      paymentReference: options.paymentReference,
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: invoices.id });
  await tx
    .insert(invoiceLines)
    .values(options.lines.map((line, position) => ({ ...line, invoiceId: invoice!.id, position })));
  return { invoiceId: invoice!.id, number, seller };
}

/**
 * The buyer as the invoice names them: above R5,000 a full tax invoice names a business buyer
 * with its VAT number when the shopper gave them at checkout (s20(4)); else the shopper.
 */
function buyerOf(order: typeof orders.$inferSelect, totalCents: number) {
  const person = `${order.firstName} ${order.lastName}`.trim();
  if (totalCents <= FULL_TAX_INVOICE_ABOVE_CENTS) return { buyerName: person };
  return {
    buyerName: order.companyName ? `${order.companyName} (${person})` : person,
    buyerVatNumber: order.vatNumber,
  };
}
