import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { products, stockLevels, variants, warehouses } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { conflict, forbidden, invalid } from "~/domain/errors";
import { afterStockChange } from "./deliver-stock-alerts.server";
import { recordStockMovements, type StockMovementInput } from "./stock-ledger.server";
import { movementProblems, type AdjustStockInput } from "./stock-schemas";

type Actor = Pick<SessionUser, "id" | "email" | "role">;

async function findVariantBySku(tx: Tx, sku: string) {
  const [variant] = await tx
    .select({ id: variants.id, sku: variants.sku, title: products.title })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(sql`lower(${variants.sku})`, sku.trim().toLowerCase()));
  if (!variant) {
    throw invalid(
      `No product has the SKU "${sku}": type a SKU or name and pick it from the list.`,
      "sku",
    );
  }
  return variant;
}

/** The named warehouses, each refused by its field when it is missing or inactive. */
async function checkWarehouses(tx: Tx, input: AdjustStockInput) {
  const fields = [["warehouseId", input.warehouseId]] as [string, number][];
  if (input.kind === "transfer" && input.toWarehouseId !== null) {
    fields.push(["toWarehouseId", input.toWarehouseId]);
  }
  const rows = await tx
    .select({ id: warehouses.id, name: warehouses.name, active: warehouses.active })
    .from(warehouses)
    .where(
      inArray(
        warehouses.id,
        fields.map(([, id]) => id),
      ),
    );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const [field, id] of fields) {
    const warehouse = byId.get(id);
    if (!warehouse) throw invalid("Choose a warehouse.", field);
    if (!warehouse.active) {
      throw invalid(`${warehouse.name} is inactive: it takes no stock movements.`, field);
    }
  }
  return (id: number) => byId.get(id)!.name;
}

/**
 * Says why units cannot leave a level, before the ledger is asked: what is on hand and what
 * orders hold. The ledger checks again under its locks, so a change made meanwhile by someone
 * else is refused there too.
 */
async function checkRemoval(
  tx: Tx,
  options: {
    variantId: number;
    warehouse: string;
    warehouseId: number;
    units: number;
    transfer: boolean;
  },
) {
  const [level] = await tx
    .select({ onHand: stockLevels.onHand, reserved: stockLevels.reserved })
    .from(stockLevels)
    .where(
      and(
        eq(stockLevels.variantId, options.variantId),
        eq(stockLevels.warehouseId, options.warehouseId),
      ),
    );
  const onHand = level?.onHand ?? 0;
  const reserved = level?.reserved ?? 0;
  const free = onHand - reserved;
  if (options.units <= free) return;
  const held = reserved > 0 ? ` (${onHand} on hand, ${reserved} reserved for orders)` : "";
  if (options.transfer) {
    throw conflict(`Only ${free} can leave ${options.warehouse}${held}.`, "quantity");
  }
  if (options.units > onHand) {
    throw conflict(
      `${options.warehouse} has only ${onHand} on hand: removing ${options.units} would take it below zero.`,
      "quantity",
    );
  }
  throw conflict(
    `${reserved} of ${onHand} on hand in ${options.warehouse} are reserved for orders: at most ${free} can be removed.`,
    "quantity",
  );
}

/** What on hand changes by in the warehouse the form names (its source, for a transfer). */
function signedUnits(input: AdjustStockInput): number {
  if (input.kind === "adjustment" || input.kind === "purchase_receipt") return input.quantity;
  return -input.quantity;
}

/**
 * Records one movement from the Adjust Stock dialog through the ledger, in one transaction with
 * its audit line: an adjustment adds or removes (signed, with a reason), a purchase receipt adds,
 * a sale removes, and a transfer moves units from one warehouse to another as two movements with
 * one transfer id. Refused, with nothing changed, when on hand would fall below zero or below
 * what orders hold, or a warehouse is inactive.
 */
export async function adjustStock(options: { input: AdjustStockInput; actor: Actor }) {
  const { input, actor } = options;
  if (!isStaffRole(actor.role)) throw forbidden("Only the owner and staff may adjust stock.");
  const [field, message] = Object.entries(movementProblems(input))[0] ?? [];
  if (field && message) throw invalid(message, field);
  const reason = input.reason.trim();

  const result = await db().transaction(async (tx) => {
    const variant = await findVariantBySku(tx, input.sku);
    const nameOf = await checkWarehouses(tx, input);
    const units = signedUnits(input);
    const from = { warehouseId: input.warehouseId, warehouse: nameOf(input.warehouseId) };
    if (units < 0) {
      await checkRemoval(tx, {
        variantId: variant.id,
        ...from,
        units: -units,
        transfer: input.kind === "transfer",
      });
    }
    const base = { variantId: variant.id, kind: input.kind, reason, actor: actor.email };
    const movements: StockMovementInput[] = [];
    if (input.kind === "transfer") {
      const toId = input.toWarehouseId!;
      const transferId = crypto.randomUUID();
      movements.push(
        {
          ...base,
          warehouseId: from.warehouseId,
          quantity: units,
          transferId,
          reference: `Transfer to ${nameOf(toId)}`,
        },
        {
          ...base,
          warehouseId: toId,
          quantity: -units,
          transferId,
          reference: `Transfer from ${from.warehouse}`,
        },
      );
    } else {
      movements.push({ ...base, warehouseId: from.warehouseId, quantity: units });
    }
    const changes = await recordStockMovements(tx, movements);
    const levelIn = (warehouseId: number) => changes.find((c) => c.warehouseId === warehouseId)!;

    const audit = { actorId: actor.id, actorEmail: actor.email, subject: `variant:${variant.sku}` };
    if (input.kind === "transfer") {
      const source = levelIn(from.warehouseId);
      const destination = levelIn(input.toWarehouseId!);
      await recordAudit(
        {
          action: "stock_transferred",
          ...audit,
          details: {
            sku: variant.sku,
            quantity: input.quantity,
            from: from.warehouse,
            to: nameOf(input.toWarehouseId!),
            reason,
            before: { from: source.onHandBefore, to: destination.onHandBefore },
            after: { from: source.onHand, to: destination.onHand },
          },
        },
        tx,
      );
    } else {
      const level = levelIn(from.warehouseId);
      await recordAudit(
        {
          action: "stock_adjusted",
          ...audit,
          details: {
            sku: variant.sku,
            warehouse: from.warehouse,
            kind: input.kind,
            quantity: units,
            reason,
            before: level.onHandBefore,
            after: level.onHand,
          },
        },
        tx,
      );
    }
    return { variant, changes };
  });
  // Low-stock alerts the change queued go out once it is saved.
  await afterStockChange();
  return result;
}
