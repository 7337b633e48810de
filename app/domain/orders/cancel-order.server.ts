import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { orders, refunds } from "~/db/schema";
import { releaseDelivery } from "~/domain/delivery/book-delivery.server";
import { DomainError, conflict, forbidden, notFound } from "~/domain/errors";
import {
  previewRefund,
  refundOrder,
  type RefundPreview,
  type SettledOrderRefund,
} from "~/domain/invoicing/refund-order.server";
import { refundOptions } from "~/domain/invoicing/refund-options.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { REFUND_STATUSES_HELD } from "~/domain/refunds/refund-status";
import { REFUNDS_CHANGED } from "~/domain/refunds/refunds-fingerprint.server";
import { moveOrder, type OrderActor } from "./move-order.server";
import { ORDER_STAGE_LABELS, type OrderStage } from "./order-lifecycle";
import { isPaidInFull } from "./payment-status";
import { releaseOrderStock, returnOrderStock } from "./order-stock.server";
import { givePromotionBack } from "./promotions.server";

/*
 * One way an order is cancelled (docs/decisions/050): by staff, by the shopper declining a
 * delivery quote, and by the unpaid-order expiry (expire-orders.server.ts, through
 * `giveBackOrderHold`). A lay-by is cancelled with its own rule (layby/cancel-plan.server.ts),
 * which gives its hold back the same way. An order with money paid is paid back first, in full,
 * through the one pay-back engine (refundOrder: the credit note, the goods back in stock once,
 * what a provider has not paid yet held as owed); only then is it cancelled. A refund refused
 * leaves the order as it was.
 */

/**
 * How a paid order's money goes back when it is cancelled, and the order's refunds as the
 * cancellation's preview read them.
 */
export type CancelRefund = Pick<RefundInput, "method" | "eftReference" | "refundsSeen">;

type CancelOptions = {
  orderId: number;
  actor: OrderActor;
  /** Why, on the timeline and the credit note. */
  reason?: string;
  /** For an order with money paid: how it goes back (through its provider by default). */
  refund?: CancelRefund;
  now?: Date;
};

/** Stages an order can be cancelled from here, with why not for the rest. */
function refuseStage(number: number, stage: OrderStage) {
  if (stage === "layby") {
    return conflict("This order is on lay-by: use Cancel lay-by, which refunds what was paid.");
  }
  if (stage === "out_for_delivery") {
    return conflict(
      `Order #${number} is out for delivery: record the visit on the run first, then cancel it.`,
    );
  }
  if (stage === "delivered") {
    return conflict(
      `Order #${number} has been delivered: refund what comes back instead of cancelling it.`,
    );
  }
  return conflict(`Order #${number} is ${ORDER_STAGE_LABELS[stage].toLowerCase()} already.`);
}

async function cancellable(orderId: number) {
  const [order] = await db()
    .select({ number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw notFound("This order does not exist.");
  if (order.status !== "awaiting_payment" && order.status !== "to_deliver") {
    throw refuseStage(order.number, order.status);
  }
  return order;
}

/** The refund that pays back everything still refundable of the order, or null if nothing is. */
async function wholeRefund(
  orderId: number,
  reason: string,
  refund: CancelRefund | undefined,
): Promise<RefundInput | null> {
  const options = await refundOptions(orderId);
  if (!options) return null;
  // Money paid back by amount before (goodwill, a delivery fee) credited no line: crediting
  // every line left would come to more than is left, so the rest goes back by amount. The goods
  // come back to stock with the cancellation itself (giveBackOrderHold).
  const [byAmount] = await db()
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        eq(refunds.kind, "order"),
        inArray(refunds.status, [...REFUND_STATUSES_HELD]),
        sql`jsonb_array_length(${refunds.lines}) = 0`,
      ),
    )
    .limit(1);
  const lines = byAmount
    ? []
    : options.lines
        .filter((l) => l.refundable > 0)
        .map((l) => ({ position: l.position, quantity: l.refundable }));
  return {
    lines,
    // Every line credited already but money left (a refund by amount): the rest by amount.
    amountCents: lines.length > 0 ? null : options.remainingCents,
    reason,
    method: refund?.method ?? (options.provider ? "provider" : "eft"),
    eftReference: refund?.eftReference ?? "",
    restock: true,
    ...(refund?.refundsSeen !== undefined ? { refundsSeen: refund.refundsSeen } : {}),
  };
}

const DEFAULT_REASON = "Order cancelled";

/**
 * What cancelling would pay back and how, before staff confirm it (nothing saved); null when
 * nothing was paid. Throws what cancelOrder would for an order that cannot be cancelled.
 */
export async function previewCancellation(
  options: Omit<CancelOptions, "now">,
): Promise<RefundPreview | null> {
  await cancellable(options.orderId);
  const input = await wholeRefund(
    options.orderId,
    options.reason || DEFAULT_REASON,
    options.refund,
  );
  if (!input) return null;
  if (options.actor.id === null) {
    throw forbidden("Only staff cancel an order that was paid: its money is paid back.");
  }
  return previewRefund({
    orderId: options.orderId,
    input,
    actor: { id: options.actor.id, email: options.actor.email },
  });
}

export type Cancelled = {
  number: number;
  /** The refund made to pay the order back, when it had money paid. */
  refund: Exclude<SettledOrderRefund, { status: "failed" }> | null;
};

/**
 * Cancels an order awaiting payment or paid and not yet out: what was paid is paid back in full
 * first (a refund the provider refuses throws and changes nothing), then, with the order locked,
 * it is cancelled and its hold given back.
 */
export async function cancelOrder(options: CancelOptions): Promise<Cancelled> {
  const { orderId, actor } = options;
  const reason = options.reason || DEFAULT_REASON;
  await cancellable(orderId);
  const input = await wholeRefund(orderId, reason, options.refund);
  // The preview had money to pay back and now there is none: another refund took it, and may
  // still be refused by its provider. Cancelling now would leave the money unpaid.
  if (!input && options.refund?.refundsSeen !== undefined) {
    throw new DomainError("conflict", REFUNDS_CHANGED, { title: "Order Not Cancelled" });
  }
  // Money goes back on a member of staff's word: the refund, its credit note and its audit line
  // name them.
  if (input && actor.id === null) {
    throw forbidden("Only staff cancel an order that was paid: its money is paid back.");
  }
  const refund = input
    ? await refundOrder({
        orderId,
        input,
        actor: { id: actor.id!, email: actor.email },
        now: options.now,
      })
    : null;
  const number = await db().transaction(async (tx) => {
    const [order] = await tx
      .select({ number: orders.number, status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) throw notFound("This order does not exist.");
    // The refund credited everything on it, which cancelled it (creditOrderLines): what it
    // held is given back below all the same.
    const cancelledByRefund = refund !== null && order.status === "cancelled";
    // Went out while the money was being paid back: the refund stands, the visit is recorded.
    if (
      !cancelledByRefund &&
      order.status !== "awaiting_payment" &&
      order.status !== "to_deliver"
    ) {
      throw refuseStage(order.number, order.status);
    }
    if (!cancelledByRefund) {
      await moveOrder(tx, {
        orderId,
        to: "cancelled",
        actor,
        because: `${reason}${refund ? "; paid back" : ""}; stock given back`,
        now: options.now,
      });
    }
    await giveBackOrderHold(tx, { orderId, actor: actor.email });
    return order.number;
  });
  return { number, refund };
}

/**
 * What a cancelled or expired order held goes back, in the caller's transaction with the order
 * locked: stock held is released, stock sold comes back to the shelf (units a refund returned
 * already are not returned twice), the code's use is given back (to its limit and to the
 * shopper), and its delivery day's drop is free.
 */
export async function giveBackOrderHold(tx: Tx, options: { orderId: number; actor?: string }) {
  const [order] = await tx
    .select({ number: orders.number })
    .from(orders)
    .where(eq(orders.id, options.orderId));
  if (!order) throw notFound("This order does not exist.");
  const change = {
    orderId: options.orderId,
    reference: `Order ${order.number}`,
    ...(options.actor ? { actor: options.actor } : {}),
  };
  if (!(await releaseOrderStock(tx, change))) await returnOrderStock(tx, change);
  await givePromotionBack(tx, options.orderId);
  await releaseDelivery(tx, { orderId: options.orderId });
}

/**
 * Staff hand a paid order over without a run (collected at the showroom, or delivered by a
 * courier): it becomes delivered, its booked day (if any) is given back, and its buyer is asked
 * for a review in time.
 */
export async function markOrderDelivered(options: {
  orderId: number;
  actor: OrderActor;
  now?: Date;
}): Promise<{ number: number }> {
  return db().transaction(async (tx) => {
    const [order] = await tx
      .select({ number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, options.orderId))
      .for("update");
    if (!order) throw notFound("This order does not exist.");
    if (order.status !== "to_deliver" || !isPaidInFull(order.paymentStatus)) {
      throw conflict(
        order.status === "out_for_delivery"
          ? `Order #${order.number} is out for delivery: the driver records its delivery.`
          : order.status === "to_deliver" && order.paymentStatus === "refunded"
            ? `Order #${order.number} has been paid back in full: cancel it rather than hand it over.`
            : `Order #${order.number} is ${ORDER_STAGE_LABELS[order.status].toLowerCase()}: only a paid order still to deliver can be handed over.`,
      );
    }
    await releaseDelivery(tx, { orderId: options.orderId });
    await moveOrder(tx, {
      orderId: options.orderId,
      to: "delivered",
      actor: options.actor,
      now: options.now,
      because: "handed over without a run (collected, or by courier)",
    });
    return { number: order.number };
  });
}
