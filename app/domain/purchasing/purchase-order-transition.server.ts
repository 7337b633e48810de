import { eq, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { purchaseOrderLines, purchaseOrders } from "~/db/schema";
import type { AuditAction } from "~/domain/audit/audit-log.server";
import { conflict, notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { formatPoNumber } from "./po-number";
import {
  recordPurchaseOrderStep,
  type PurchaseOrderActor,
  type PurchaseOrderEventType,
} from "./purchase-order-events.server";
import {
  canMovePurchaseOrder,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderAction,
} from "./purchase-order-status";

/** The actions that only change the status; receiving has its own function. */
export type PurchaseOrderStatusAction = Exclude<PurchaseOrderAction, "receive">;

const STEPS: Record<
  PurchaseOrderStatusAction,
  { type: PurchaseOrderEventType; audit: AuditAction; message: string; done: string }
> = {
  submit: {
    type: "submitted",
    audit: "purchase_order_submitted",
    message: "Submitted for approval.",
    done: "submitted for approval",
  },
  approve: {
    type: "approved",
    audit: "purchase_order_approved",
    message: "Approved.",
    done: "approved",
  },
  mark_in_transit: {
    type: "in_transit",
    audit: "purchase_order_in_transit",
    message: "Marked in transit.",
    done: "marked in transit",
  },
  cancel: {
    type: "cancelled",
    audit: "purchase_order_cancelled",
    message: "Cancelled.",
    done: "cancelled",
  },
};

/** A purchase order locked for the rest of the transaction; not found is a 404. */
export async function lockPurchaseOrder(tx: Tx, id: number) {
  const [order] = isDbId(id)
    ? await tx
        .select({
          id: purchaseOrders.id,
          number: purchaseOrders.number,
          status: purchaseOrders.status,
        })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, id))
        .for("update")
    : [];
  if (!order) throw notFound("This purchase order does not exist.");
  return order;
}

/**
 * Submits, approves, marks in transit or cancels a purchase order, as the state machine allows
 * from the status it has now (checked under a lock, so a stale page or a forged request is
 * refused with a conflict and changes nothing). Cancelling a partly received order keeps what
 * came in: it is on the shelf.
 */
export async function changePurchaseOrderStatus(options: {
  id: number;
  action: PurchaseOrderStatusAction;
  actor: PurchaseOrderActor;
}) {
  const { id, action, actor } = options;
  const to = PURCHASE_ORDER_ACTIONS[action].to;
  const step = STEPS[action];
  return db().transaction(async (tx) => {
    const order = await lockPurchaseOrder(tx, id);
    const poNumber = formatPoNumber(order.number);
    if (!canMovePurchaseOrder(order.status, to)) {
      throw conflict(
        `${poNumber} is ${PURCHASE_ORDER_STATUS_LABELS[order.status].toLowerCase()}: it cannot be ${step.done}.`,
      );
    }
    let message = step.message;
    if (action === "cancel") {
      const [row] = await tx
        .select({
          received: sql<number>`coalesce(sum(${purchaseOrderLines.quantityReceived}), 0)::int`,
        })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.purchaseOrderId, id));
      const received = row?.received ?? 0;
      if (received > 0) {
        message =
          received === 1
            ? "Cancelled; the 1 unit already received stays in stock."
            : `Cancelled; the ${received} units already received stay in stock.`;
      }
    }
    await tx
      .update(purchaseOrders)
      .set({ status: to, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
    await recordPurchaseOrderStep(tx, {
      purchaseOrderId: id,
      number: order.number,
      type: step.type,
      message,
      actor,
      audit: step.audit,
      details: { from: order.status, to },
    });
    return { poNumber, from: order.status, to, done: step.done };
  });
}
