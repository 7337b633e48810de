import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { purchaseOrderLines, purchaseOrders, stockLevels, variants, warehouses } from "~/db/schema";
import { recordStockMovements } from "~/domain/inventory/stock-ledger.server";
import { conflict, invalid } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { formatPoNumber } from "./po-number";
import { recordPurchaseOrderStep, type PurchaseOrderActor } from "./purchase-order-events.server";
import { receiveField, type ReceivePurchaseOrderInput } from "./purchase-order-schemas";
import {
  canReceivePurchaseOrder,
  PURCHASE_ORDER_STATUS_LABELS,
  statusAfterReceipt,
} from "./purchase-order-status";
import { lockPurchaseOrder } from "./purchase-order-transition.server";
import { weightedAverageCost } from "./weighted-average-cost";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

async function activeWarehouse(tx: Parameters<typeof recordStockMovements>[0], id: number) {
  const [warehouse] = isDbId(id)
    ? await tx
        .select({ id: warehouses.id, name: warehouses.name, active: warehouses.active })
        .from(warehouses)
        .where(eq(warehouses.id, id))
    : [];
  if (!warehouse) throw invalid("Choose a warehouse.", "warehouseId");
  if (!warehouse.active) {
    throw invalid(`${warehouse.name} is inactive: choose an active warehouse.`, "warehouseId");
  }
  return warehouse;
}

/**
 * Takes goods of an approved or in-transit purchase order into a warehouse, in full or in
 * part, in one transaction: purchase-receipt movements through the stock ledger, each line's
 * received quantity (never past what was ordered: refused by that line), each variant's cost
 * as the weighted average of what was on hand (every warehouse) and what came in, and the
 * status received once every line is in.
 */
export async function receivePurchaseOrder(options: {
  id: number;
  input: ReceivePurchaseOrderInput;
  actor: PurchaseOrderActor;
}) {
  const { id, input, actor } = options;
  return db().transaction(async (tx) => {
    const order = await lockPurchaseOrder(tx, id);
    const poNumber = formatPoNumber(order.number);
    if (!canReceivePurchaseOrder(order.status)) {
      throw conflict(
        `${poNumber} is ${PURCHASE_ORDER_STATUS_LABELS[order.status].toLowerCase()}: only an approved or in-transit order takes goods in.`,
      );
    }
    const warehouse = await activeWarehouse(tx, input.warehouseId);
    const lines = await tx
      .select({
        id: purchaseOrderLines.id,
        variantId: purchaseOrderLines.variantId,
        ordered: purchaseOrderLines.quantityOrdered,
        received: purchaseOrderLines.quantityReceived,
        unitCostCents: purchaseOrderLines.unitCostCents,
        sku: variants.sku,
      })
      .from(purchaseOrderLines)
      .innerJoin(variants, eq(variants.id, purchaseOrderLines.variantId))
      .where(eq(purchaseOrderLines.purchaseOrderId, id))
      .orderBy(asc(purchaseOrderLines.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const receipts = input.quantities.map(({ lineId, quantity }) => {
      const line = byId.get(lineId);
      if (!line) throw invalid("This line is not on this purchase order.", receiveField(lineId));
      const remaining = line.ordered - line.received;
      if (quantity > remaining) {
        throw conflict(
          remaining === 0
            ? `${line.sku} is already received in full (${line.ordered}).`
            : `${line.sku}: only ${remaining} of ${line.ordered} still to come; ${quantity} is more than that.`,
          receiveField(lineId),
        );
      }
      return { line, quantity };
    });

    // The variants' costs and stock are read under a lock, so two receipts of one variant
    // average one after the other.
    const variantIds = [...new Set(receipts.map((r) => r.line.variantId))].sort((a, b) => a - b);
    const costs = await tx
      .select({ id: variants.id, costCents: variants.costCents })
      .from(variants)
      .where(inArray(variants.id, variantIds))
      .orderBy(asc(variants.id))
      .for("update");
    const onHand = await tx
      .select({
        variantId: stockLevels.variantId,
        units: sql<number>`coalesce(sum(${stockLevels.onHand}), 0)::int`,
      })
      .from(stockLevels)
      .where(inArray(stockLevels.variantId, variantIds))
      .groupBy(stockLevels.variantId);
    const onHandOf = new Map(onHand.map((r) => [r.variantId, r.units]));
    const costOf = new Map(costs.map((c) => [c.id, c.costCents]));

    await recordStockMovements(
      tx,
      receipts.map(({ line, quantity }) => ({
        variantId: line.variantId,
        warehouseId: warehouse.id,
        kind: "purchase_receipt" as const,
        quantity,
        reason: `Received on ${poNumber}`,
        reference: poNumber,
        actor: actor.email,
        purchaseOrderId: id,
      })),
    );

    const costChanges = [];
    for (const { line, quantity } of receipts) {
      const before = costOf.get(line.variantId) ?? null;
      const after = weightedAverageCost({
        onHandBefore: onHandOf.get(line.variantId) ?? 0,
        oldCostCents: before,
        received: quantity,
        unitCostCents: line.unitCostCents,
      });
      if (after !== before) {
        await tx.update(variants).set({ costCents: after }).where(eq(variants.id, line.variantId));
      }
      costChanges.push({ sku: line.sku, quantity, costBefore: before, costAfter: after });
      await tx
        .update(purchaseOrderLines)
        .set({ quantityReceived: sql`${purchaseOrderLines.quantityReceived} + ${quantity}` })
        .where(and(eq(purchaseOrderLines.id, line.id), eq(purchaseOrderLines.purchaseOrderId, id)));
      line.received += quantity;
    }

    const left = lines.reduce((sum, l) => sum + l.ordered - l.received, 0);
    const status = statusAfterReceipt(order.status, left === 0);
    await tx
      .update(purchaseOrders)
      .set({ status, updatedAt: new Date() })
      .where(eq(purchaseOrders.id, id));
    const units = receipts.reduce((sum, r) => sum + r.quantity, 0);
    const what = receipts.map((r) => `${r.quantity} × ${r.line.sku}`).join(", ");
    await recordPurchaseOrderStep(tx, {
      purchaseOrderId: id,
      number: order.number,
      type: left === 0 ? "received_all" : "received_part",
      message:
        `Received ${plural(units, "unit")} into ${warehouse.name}: ${what}.` +
        (left === 0 ? " Every line is in." : ` ${plural(left, "unit")} still to come.`),
      actor,
      audit: "purchase_order_received",
      details: { warehouse: warehouse.name, lines: costChanges, complete: left === 0 },
    });
    return { poNumber, status, units, left, warehouse: warehouse.name };
  });
}
