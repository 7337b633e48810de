import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderLines, orders, type CreditLineRecord } from "~/db/schema";
import { releaseDelivery } from "~/domain/delivery/book-delivery.server";
import { ADD_ON_TEXT, ADD_ONS, type AddOn } from "./add-ons";
import { moveOrder, type OrderActor } from "./move-order.server";
import { givePromotionBack } from "./promotions.server";

/*
 * Lines that know what they owe (docs/decisions/050): each order line keeps how many of it a
 * completed refund credited, how many of those came back into stock, and how many were handed
 * over, and the order which add-ons were
 * credited. What is still to deliver is ordered less credited; the run sheet, the delivery
 * note, the driver's phone and To book read only that.
 */

const CREDITED_FIELD = { removal: "removalCredited", assembly: "assemblyCredited" } as const;

/** The add-on an invoice line charges, by its description (issue-order-invoice's lines). */
function addOnOf(line: Pick<CreditLineRecord, "variantId" | "description">): AddOn | null {
  if (line.variantId !== null) return null;
  return ADD_ONS.find((a) => ADD_ON_TEXT[a].line === line.description) ?? null;
}

/**
 * A completed refund's credit lines come off what the order owes, in the refund's transaction
 * (and, when it restocked them, count as returned): its goods lines (an order's invoice numbers them 0.. in the order's line order) and its
 * add-ons. An order still to be delivered that has nothing left to deliver leaves To book and
 * its run: it is cancelled, everything on it refunded, and its day given back.
 */
export async function creditOrderLines(
  tx: Tx,
  options: {
    orderId: number;
    creditLines: readonly CreditLineRecord[];
    /** The refund put the credited goods back in stock: they came back, or never left. */
    returned: boolean;
    actor: OrderActor;
  },
) {
  const { orderId } = options;
  const lines = await tx
    .select({ id: orderLines.id, variantId: orderLines.variantId })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position), asc(orderLines.id))
    .for("update");
  for (const credit of options.creditLines) {
    const at = credit.invoiceLinePosition;
    if (at === null || credit.quantity <= 0 || credit.unitPriceCents <= 0) continue;
    const line = credit.variantId !== null ? lines[at] : undefined;
    if (line) {
      await tx
        .update(orderLines)
        .set({
          creditedQuantity: sql`least(${orderLines.quantity}, ${orderLines.creditedQuantity} + ${credit.quantity})`,
          ...(options.returned
            ? {
                returnedQuantity: sql`least(${orderLines.quantity}, ${orderLines.returnedQuantity} + ${credit.quantity})`,
              }
            : {}),
        })
        .where(eq(orderLines.id, line.id));
      continue;
    }
    const addOn = addOnOf(credit);
    if (addOn) {
      await tx
        .update(orders)
        .set({ [CREDITED_FIELD[addOn]]: true })
        .where(eq(orders.id, orderId));
    }
  }
  const [order] = await tx
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (order?.status === "to_deliver" && !(await hasGoodsToDeliver(tx, orderId))) {
    await moveOrder(tx, {
      orderId,
      to: "cancelled",
      actor: options.actor,
      because: "everything on it was refunded, so nothing is left to deliver",
    });
    await releaseDelivery(tx, { orderId });
    await givePromotionBack(tx, orderId);
  }
}

/** Whether any of the order's goods are still the shop's to deliver. */
async function hasGoodsToDeliver(tx: Tx, orderId: number): Promise<boolean> {
  const [left] = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(
      and(
        eq(orderLines.orderId, orderId),
        gt(
          orderLines.quantity,
          sql`${orderLines.creditedQuantity} + ${orderLines.deliveredQuantity}`,
        ),
      ),
    )
    .limit(1);
  return left !== undefined;
}

/** An add-on still to do at the door: charged, and not credited since. */
export function addOnOwed(
  order: { removalCents: number; assemblyCents: number } & Partial<
    Record<(typeof CREDITED_FIELD)[AddOn], boolean>
  >,
  addOn: AddOn,
): boolean {
  const cents = addOn === "removal" ? order.removalCents : order.assemblyCents;
  return cents > 0 && order[CREDITED_FIELD[addOn]] !== true;
}
