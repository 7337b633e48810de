import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { nextDocumentNumber } from "~/db/document-counter.server";
import { purchaseOrderLines, purchaseOrders } from "~/db/schema";
import { conflict, invalid, notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { formatPoNumber } from "./po-number";
import { recordPurchaseOrderStep, type PurchaseOrderActor } from "./purchase-order-events.server";
import { addDays, shopToday } from "~/lib/dates";
import { lineField, type PurchaseOrderFormInput } from "./purchase-order-schemas";
import { PURCHASE_ORDER_STATUS_LABELS } from "./purchase-order-status";
import { variantsBySku } from "./purchase-order-variants.server";
import { requireActiveSupplier } from "./suppliers.server";

/**
 * The form's lines as rows to insert: each SKU found (else refused by its field), each unit cost
 * as typed or, when left empty, the variant's current cost.
 */
async function resolveLines(tx: Tx, lines: PurchaseOrderFormInput["lines"]) {
  const found = await variantsBySku(
    tx,
    lines.map((l) => l.sku),
  );
  return lines.map((line) => {
    const variant = found.get(line.sku);
    if (!variant) throw invalid(`No product has the SKU ${line.sku}.`, lineField(line.row, "sku"));
    const unitCostCents = line.unitCostCents ?? variant.costCents;
    if (unitCostCents === null) {
      throw invalid(
        `${variant.sku} has no cost yet: enter the unit cost.`,
        lineField(line.row, "unitCost"),
      );
    }
    return { variantId: variant.id, quantityOrdered: line.quantity, unitCostCents };
  });
}

/** The expected date as given, else today plus the supplier's lead time. */
function expectedDate(input: PurchaseOrderFormInput, leadTimeDays: number) {
  return input.expectedDate ?? addDays(shopToday(), leadTimeDays);
}

/**
 * Creates a purchase order as a draft (or submitted for approval with `input.submit`), numbered
 * from the gapless counter in the same transaction: a create that fails gives its number back.
 */
export async function createPurchaseOrder(options: {
  input: PurchaseOrderFormInput;
  actor: PurchaseOrderActor;
}) {
  const { input, actor } = options;
  return db().transaction(async (tx) => {
    const supplier = await requireActiveSupplier(tx, input.supplierId);
    const lines = await resolveLines(tx, input.lines);
    const number = await nextDocumentNumber(tx, "purchase_order");
    const [created] = await tx
      .insert(purchaseOrders)
      .values({
        number,
        supplierId: supplier.id,
        status: input.submit ? "pending" : "draft",
        orderDate: shopToday(),
        expectedDate: expectedDate(input, supplier.leadTimeDays),
        notes: input.notes,
        createdBy: actor.id,
      })
      .returning({ id: purchaseOrders.id });
    const purchaseOrderId = created!.id;
    await tx.insert(purchaseOrderLines).values(lines.map((line) => ({ ...line, purchaseOrderId })));
    const units = lines.reduce((sum, l) => sum + l.quantityOrdered, 0);
    await recordPurchaseOrderStep(tx, {
      purchaseOrderId,
      number,
      type: "created",
      message: `Created for ${supplier.name}: ${lines.length} line${lines.length === 1 ? "" : "s"}, ${units} unit${units === 1 ? "" : "s"}.`,
      actor,
      audit: "purchase_order_created",
      details: { supplier: supplier.name, lines: lines.length, units },
    });
    if (input.submit) {
      await recordPurchaseOrderStep(tx, {
        purchaseOrderId,
        number,
        type: "submitted",
        message: "Submitted for approval.",
        actor,
        audit: "purchase_order_submitted",
      });
    }
    return { id: purchaseOrderId, number, poNumber: formatPoNumber(number) };
  });
}

/**
 * Saves a draft's supplier, dates, notes and lines (and submits it with `input.submit`); any
 * other status is refused (409).
 */
export async function updatePurchaseOrderDraft(options: {
  id: number;
  input: PurchaseOrderFormInput;
  actor: PurchaseOrderActor;
}) {
  const { id, input, actor } = options;
  return db().transaction(async (tx) => {
    const [order] = isDbId(id)
      ? await tx
          .select({ number: purchaseOrders.number, status: purchaseOrders.status })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, id))
          .for("update")
      : [];
    if (!order) throw notFound("This purchase order does not exist.");
    const poNumber = formatPoNumber(order.number);
    if (order.status !== "draft") {
      throw conflict(
        `${poNumber} is ${PURCHASE_ORDER_STATUS_LABELS[order.status].toLowerCase()}: only a draft's lines can be changed.`,
      );
    }
    const supplier = await requireActiveSupplier(tx, input.supplierId);
    const lines = await resolveLines(tx, input.lines);
    await tx
      .update(purchaseOrders)
      .set({
        supplierId: supplier.id,
        expectedDate: expectedDate(input, supplier.leadTimeDays),
        notes: input.notes,
        ...(input.submit ? { status: "pending" as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(purchaseOrders.id, id));
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, id));
    await tx
      .insert(purchaseOrderLines)
      .values(lines.map((line) => ({ ...line, purchaseOrderId: id })));
    const units = lines.reduce((sum, l) => sum + l.quantityOrdered, 0);
    await recordPurchaseOrderStep(tx, {
      purchaseOrderId: id,
      number: order.number,
      type: "updated",
      message: `Draft changed: ${supplier.name}, ${lines.length} line${lines.length === 1 ? "" : "s"}, ${units} unit${units === 1 ? "" : "s"}.`,
      actor,
      audit: "purchase_order_updated",
      details: { supplier: supplier.name, lines: lines.length, units },
    });
    if (input.submit) {
      await recordPurchaseOrderStep(tx, {
        purchaseOrderId: id,
        number: order.number,
        type: "submitted",
        message: "Submitted for approval.",
        actor,
        audit: "purchase_order_submitted",
      });
    }
    return { id, number: order.number, poNumber };
  });
}
