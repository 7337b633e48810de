import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryQuotes, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { DomainError, forbidden, notFound } from "~/domain/errors";
import { moveOrderPayment } from "~/domain/orders/order-events.server";
import { orderTotals } from "~/domain/orders/totals";
import { isDbId } from "~/lib/db-ids";
import { formatMoney } from "~/lib/money";
import { DELIVERY_CARRIER_LABELS, type DeliveryQuoteInput } from "./quote-schemas";

/** How long a quoted order holds its goods for the shopper to pay, counted from the quote. */
export const QUOTE_HOLD_DAYS = 3;

type Actor = Pick<SessionUser, "id" | "email" | "role">;

const refuse = (message: string) =>
  new DomainError("conflict", message, {
    title: "Cannot quote this order",
    field: "amount",
    fieldMessage: message,
  });

/**
 * Staff quote the delivery of an order awaiting it (docs/decisions/041): the quote becomes the
 * order's delivery fee, its totals and VAT are worked out again by `orderTotals`, and the order
 * becomes payable until `QUOTE_HOLD_DAYS` from now (then the unpaid-order expiry releases it).
 * One transaction with the order locked: the quote row, the money state (awaiting quote to not
 * paid, through `moveOrderPayment`), the timeline and the audit line.
 */
export async function giveDeliveryQuote(options: {
  orderNumber: number;
  input: DeliveryQuoteInput;
  actor: Actor;
  now?: Date;
}) {
  const { orderNumber, input, actor } = options;
  if (!isStaffRole(actor.role)) throw forbidden("Only staff quote deliveries.");
  const now = options.now ?? new Date();
  return db().transaction(async (tx) => {
    const [order] = isDbId(orderNumber)
      ? await tx.select().from(orders).where(eq(orders.number, orderNumber)).for("update")
      : [];
    if (!order) throw notFound(`Order #${orderNumber} does not exist.`);
    if (order.status === "cancelled") {
      throw refuse(`Order #${order.number} is cancelled: there is nothing to quote.`);
    }
    if (order.paymentStatus !== "awaiting_quote") {
      throw refuse(
        `Order #${order.number} is not awaiting a delivery quote: its delivery is already priced.`,
      );
    }
    // The discount was worked out on the goods when the order was placed; it stays as it is.
    const totals = orderTotals({
      subtotalCents: order.subtotalCents,
      deliveryMethod: order.deliveryMethod,
      promotion: order.discountCents > 0 ? { kind: "fixed", value: order.discountCents } : null,
      rates: {
        standardDeliveryCents: input.amount,
        expressDeliveryCents: input.amount,
        freeDeliveryThresholdCents: null,
      },
      // The add-ons were priced at checkout and stay as the order keeps them.
      addOns: { removalCents: order.removalCents, assemblyCents: order.assemblyCents },
    });
    const payBy = new Date(now.getTime() + QUOTE_HOLD_DAYS * 24 * 60 * 60_000);
    await tx
      .update(orders)
      .set({
        deliveryCents: totals.deliveryCents,
        totalCents: totals.totalCents,
        vatCents: totals.vatCents,
        payBy,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    await tx.insert(deliveryQuotes).values({
      orderId: order.id,
      carrier: input.carrier,
      amountCents: input.amount,
      note: input.note,
      quotedById: actor.id,
      quotedByEmail: actor.email,
      createdAt: now,
    });
    const money = (cents: number) => formatMoney(cents, { cents: true });
    await moveOrderPayment(tx, {
      orderId: order.id,
      to: "unpaid",
      now,
      event: {
        type: "delivery_quoted",
        message: `Delivery quoted at ${money(input.amount)} (${DELIVERY_CARRIER_LABELS[input.carrier].toLowerCase()})${input.note ? `: ${input.note}` : ""}. Total ${money(totals.totalCents)}, to pay within ${QUOTE_HOLD_DAYS} days.`,
        actor: actor.email,
        createdAt: now,
      },
    });
    await recordAudit(
      {
        action: "delivery_quoted",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: {
          carrier: input.carrier,
          amountCents: input.amount,
          totalCents: totals.totalCents,
        },
      },
      tx,
    );
    return { orderId: order.id, number: order.number, totalCents: totals.totalCents, payBy };
  });
}
