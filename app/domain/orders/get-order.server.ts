import { and, asc, desc, eq } from "drizzle-orm";
import { isPayable } from "~/domain/orders/record-payment.server";
import { sameSecret } from "~/domain/security/same-secret.server";
import { db } from "~/db/client.server";
import { isDbId } from "~/lib/db-ids";
import { orderLines, orders, payments, products } from "~/db/schema";
import { PAYMENT_METHOD_LABELS } from "./totals";

export type OrderDetails = Awaited<ReturnType<typeof loadDetails>>;

async function loadDetails(order: typeof orders.$inferSelect) {
  const [lines, attempts] = await Promise.all([
    db()
      .select({
        title: orderLines.title,
        size: orderLines.size,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
        unitPriceCents: orderLines.unitPriceCents,
        originalPriceCents: orderLines.originalPriceCents,
        lineTotalCents: orderLines.lineTotalCents,
        variantId: orderLines.variantId,
        creditedQuantity: orderLines.creditedQuantity,
        returnedQuantity: orderLines.returnedQuantity,
        deliveredQuantity: orderLines.deliveredQuantity,
        /** The product's page, while it is on sale, for a delivered order's review link. */
        productSlug: products.slug,
      })
      .from(orderLines)
      .leftJoin(products, and(eq(products.id, orderLines.productId), eq(products.status, "active")))
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position), asc(orderLines.id)),
    db()
      .select({
        reference: payments.reference,
        provider: payments.provider,
        method: payments.method,
        status: payments.status,
        amountCents: payments.amountCents,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
  ]);
  return {
    ...order,
    paymentMethodLabel: PAYMENT_METHOD_LABELS[order.paymentMethod],
    lines,
    payments: attempts,
  };
}

export async function getOrderDetails(orderId: number) {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  return order ? loadDetails(order) : undefined;
}

/**
 * The order a shopper's link points to: the number and its secret token must both match. A
 * wrong token looks exactly like a missing order.
 */
export async function findOrderForShopper(number: number, token: string) {
  if (!isDbId(number) || !token) return undefined;
  const [order] = await db().select().from(orders).where(eq(orders.number, number));
  if (!order || !sameSecret(order.token, token)) return undefined;
  return loadDetails(order);
}

/** An order of a shopper's account: its number and the account must both match. */
export async function findOrderForAccount(number: number, userId: string) {
  if (!isDbId(number) || !userId) return undefined;
  const [order] = await db()
    .select()
    .from(orders)
    .where(and(eq(orders.number, number), eq(orders.customerUserId, userId)));
  return order ? loadDetails(order) : undefined;
}

/** What the shopper's order page shows: no secrets (token, idempotency key) and no staff notes. */
export function shopperView(order: OrderDetails, now = new Date()) {
  return {
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    payable: isPayable(order, now),
    payBy: order.payBy.toISOString(),
    createdAt: order.createdAt.toISOString(),
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phone: order.phone,
    address: order.address,
    complex: order.complex,
    suburb: order.suburb,
    city: order.city,
    province: order.province,
    postalCode: order.postalCode,
    deliveryMobile: order.deliveryMobile,
    accessNotes: order.accessNotes,
    deliveryMethod: order.deliveryMethod,
    paymentMethod: order.paymentMethod,
    paymentMethodLabel: order.paymentMethodLabel,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    deliveryCents: order.deliveryCents,
    removalCents: order.removalCents,
    assemblyCents: order.assemblyCents,
    vatCents: order.vatCents,
    totalCents: order.totalCents,
    promotionCode: order.promotionCode,
    lines: order.lines.map(({ variantId: _v, ...line }) => line),
    payments: order.payments.map((p) => ({
      method: p.method,
      status: p.status,
      amountCents: p.amountCents,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

export type ShopperOrder = ReturnType<typeof shopperView>;
