import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  products,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
  variants,
} from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { formatPoNumber } from "./po-number";

/** Who a timeline line names: a colleague's name, else what was recorded ("system"). */
function actorName(actor: string, name: string | null) {
  if (name) return name;
  if (actor === "system") return "System";
  return actor.includes("@") ? actor : "A former colleague";
}

/** One purchase order with its supplier, lines (ordered, received, remaining) and timeline. */
export async function getPurchaseOrder(options: { id: number }) {
  const { id } = options;
  const [order] = isDbId(id)
    ? await db()
        .select({
          id: purchaseOrders.id,
          number: purchaseOrders.number,
          status: purchaseOrders.status,
          orderDate: purchaseOrders.orderDate,
          expectedDate: purchaseOrders.expectedDate,
          notes: purchaseOrders.notes,
          sentAt: purchaseOrders.sentAt,
          createdAt: purchaseOrders.createdAt,
          createdByName: users.name,
          supplier: {
            id: suppliers.id,
            name: suppliers.name,
            contactPerson: suppliers.contactPerson,
            email: suppliers.email,
            phone: suppliers.phone,
            leadTimeDays: suppliers.leadTimeDays,
            active: suppliers.active,
          },
        })
        .from(purchaseOrders)
        .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
        .leftJoin(users, eq(users.id, purchaseOrders.createdBy))
        .where(eq(purchaseOrders.id, id))
    : [];
  if (!order) throw notFound("This purchase order does not exist.");

  const [lineRows, eventRows] = await Promise.all([
    db()
      .select({
        id: purchaseOrderLines.id,
        variantId: purchaseOrderLines.variantId,
        sku: variants.sku,
        title: products.title,
        size: variants.size,
        ordered: purchaseOrderLines.quantityOrdered,
        received: purchaseOrderLines.quantityReceived,
        unitCostCents: purchaseOrderLines.unitCostCents,
      })
      .from(purchaseOrderLines)
      .innerJoin(variants, eq(variants.id, purchaseOrderLines.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderLines.id)),
    db()
      .select({
        id: purchaseOrderEvents.id,
        type: purchaseOrderEvents.type,
        message: purchaseOrderEvents.message,
        actor: purchaseOrderEvents.actor,
        actorName: users.name,
        createdAt: purchaseOrderEvents.createdAt,
      })
      .from(purchaseOrderEvents)
      .leftJoin(users, eq(users.id, purchaseOrderEvents.actor))
      .where(eq(purchaseOrderEvents.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderEvents.createdAt), asc(purchaseOrderEvents.id)),
  ]);

  const lines = lineRows.map((l) => ({
    ...l,
    size: SIZE_LABELS[l.size],
    remaining: l.ordered - l.received,
    lineTotalCents: l.ordered * l.unitCostCents,
  }));
  return {
    order: { ...order, poNumber: formatPoNumber(order.number) },
    lines,
    totals: {
      ordered: lines.reduce((sum, l) => sum + l.ordered, 0),
      received: lines.reduce((sum, l) => sum + l.received, 0),
      totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    },
    events: eventRows.map((e) => ({
      id: e.id,
      type: e.type,
      message: e.message,
      who: actorName(e.actor, e.actorName),
      createdAt: e.createdAt,
    })),
  };
}

export type PurchaseOrderDetail = Awaited<ReturnType<typeof getPurchaseOrder>>;
