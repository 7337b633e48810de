import { asc, count, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { listPage } from "~/db/list-page.server";
import {
  orders,
  products,
  purchaseOrders,
  stockLevels,
  stockMovements,
  variants,
  warehouses,
} from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { notFound } from "~/domain/errors";
import { formatPoNumber } from "~/domain/purchasing/po-number";
import type { ListParamsOf } from "~/lib/list-params";
import type { MOVEMENT_HISTORY } from "./stock-card";
import { availableStock, stockStatus } from "./stock-status";

export type MovementHistoryParams = ListParamsOf<typeof MOVEMENT_HISTORY>;

async function findVariant(variantId: number) {
  const [variant] = await db()
    .select({
      id: variants.id,
      sku: variants.sku,
      size: variants.size,
      costCents: variants.costCents,
      productId: products.id,
      title: products.title,
      productStatus: products.status,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  if (!variant) throw notFound("This product variant does not exist.");
  return { ...variant, sizeLabel: SIZE_LABELS[variant.size] };
}

/** The variant's level in each warehouse that has one, active warehouses first. */
async function variantLevels(variantId: number) {
  const rows = await db()
    .select({
      warehouseId: stockLevels.warehouseId,
      warehouse: warehouses.name,
      warehouseActive: warehouses.active,
      onHand: stockLevels.onHand,
      reserved: stockLevels.reserved,
      lowStockThreshold: stockLevels.lowStockThreshold,
    })
    .from(stockLevels)
    .innerJoin(warehouses, eq(warehouses.id, stockLevels.warehouseId))
    .where(eq(stockLevels.variantId, variantId))
    .orderBy(desc(warehouses.active), asc(warehouses.name), asc(warehouses.id));
  return rows.map((r) => ({ ...r, available: availableStock(r), status: stockStatus(r) }));
}

/**
 * A page of the variant's ledger, newest first, read along its (variant, created_at) index:
 * what moved, where, who did it, why, and the order or purchase order it belongs to.
 */
function movementPage(variantId: number, params: MovementHistoryParams) {
  const ofVariant = eq(stockMovements.variantId, variantId);
  const direction = params.direction === "asc" ? asc : desc;
  return listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: async () => {
      const [row] = await db().select({ n: count() }).from(stockMovements).where(ofVariant);
      return row?.n ?? 0;
    },
    rows: async ({ limit, offset }) => {
      const rows = await db()
        .select({
          id: stockMovements.id,
          kind: stockMovements.kind,
          quantity: stockMovements.quantity,
          warehouse: warehouses.name,
          actor: stockMovements.actor,
          reason: stockMovements.reason,
          reference: stockMovements.reference,
          createdAt: stockMovements.createdAt,
          orderNumber: orders.number,
          purchaseOrderId: stockMovements.purchaseOrderId,
          purchaseOrderNumber: purchaseOrders.number,
          transferId: stockMovements.transferId,
        })
        .from(stockMovements)
        .innerJoin(warehouses, eq(warehouses.id, stockMovements.warehouseId))
        .leftJoin(orders, eq(orders.id, stockMovements.orderId))
        .leftJoin(purchaseOrders, eq(purchaseOrders.id, stockMovements.purchaseOrderId))
        .where(ofVariant)
        .orderBy(direction(stockMovements.createdAt), direction(stockMovements.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        ...r,
        purchaseOrderNumber:
          r.purchaseOrderNumber === null ? null : formatPoNumber(r.purchaseOrderNumber),
      }));
    },
  });
}

/** A variant's stock card: the variant, its level per warehouse and a page of its history. */
export async function getStockCard(options: { variantId: number; params: MovementHistoryParams }) {
  const variant = await findVariant(options.variantId);
  const [levels, history] = await Promise.all([
    variantLevels(variant.id),
    movementPage(variant.id, options.params),
  ]);
  return { variant, levels, history };
}

export type StockCard = Awaited<ReturnType<typeof getStockCard>>;
