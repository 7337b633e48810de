import { asc, eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { products, purchaseOrderLines, purchaseOrders, suppliers, variants } from "~/db/schema";
import { SIZE_LABELS } from "~/domain/catalog/product-card";
import { notFound } from "~/domain/errors";
import { getStoreSettings, type StoreSettings } from "~/domain/settings/store-settings.server";
import { isDbId } from "~/lib/db-ids";
import { formatPoNumber } from "./po-number";
import type { PurchaseOrderStatus } from "./purchase-order-status";

export type PurchaseOrderDocumentLine = {
  sku: string;
  product: string;
  size: string;
  quantityOrdered: number;
  unitCostCents: number;
  lineTotalCents: number;
};

/** Everything a purchase order's PDF prints: the shop, the supplier, the order and its lines. */
export type PurchaseOrderDocument = {
  shop: Pick<
    StoreSettings,
    | "storeName"
    | "legalName"
    | "registrationNumber"
    | "vatNumber"
    | "streetAddress"
    | "town"
    | "province"
    | "postalCode"
    | "phone"
    | "email"
  >;
  supplier: { name: string; contactPerson: string; address: string; email: string; phone: string };
  poNumber: string;
  status: PurchaseOrderStatus;
  orderDate: string;
  expectedDate: string | null;
  notes: string;
  lines: PurchaseOrderDocumentLine[];
  totalQuantity: number;
  totalCostCents: number;
};

/** Reads one purchase order as its PDF prints it; not found when there is no such order. */
export async function getPurchaseOrderDocument(options: {
  purchaseOrderId: number;
  tx?: Tx;
}): Promise<PurchaseOrderDocument> {
  const { purchaseOrderId } = options;
  if (!isDbId(purchaseOrderId)) throw notFound("This purchase order does not exist.");
  const q = options.tx ?? db();
  const [order] = await q
    .select({
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      orderDate: purchaseOrders.orderDate,
      expectedDate: purchaseOrders.expectedDate,
      notes: purchaseOrders.notes,
      supplier: {
        name: suppliers.name,
        contactPerson: suppliers.contactPerson,
        address: suppliers.address,
        email: suppliers.email,
        phone: suppliers.phone,
      },
    })
    .from(purchaseOrders)
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .where(eq(purchaseOrders.id, purchaseOrderId));
  if (!order) throw notFound("This purchase order does not exist.");

  const rows = await q
    .select({
      sku: variants.sku,
      product: products.title,
      size: variants.size,
      quantityOrdered: purchaseOrderLines.quantityOrdered,
      unitCostCents: purchaseOrderLines.unitCostCents,
    })
    .from(purchaseOrderLines)
    .innerJoin(variants, eq(variants.id, purchaseOrderLines.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(purchaseOrderLines.purchaseOrderId, purchaseOrderId))
    .orderBy(asc(purchaseOrderLines.id));
  const lines = rows.map((row) => ({
    ...row,
    size: SIZE_LABELS[row.size],
    lineTotalCents: row.quantityOrdered * row.unitCostCents,
  }));

  const settings = await getStoreSettings();
  return {
    shop: {
      storeName: settings.storeName,
      legalName: settings.legalName,
      registrationNumber: settings.registrationNumber,
      vatNumber: settings.vatNumber,
      streetAddress: settings.streetAddress,
      town: settings.town,
      province: settings.province,
      postalCode: settings.postalCode,
      phone: settings.phone,
      email: settings.email,
    },
    supplier: order.supplier,
    poNumber: formatPoNumber(order.number),
    status: order.status,
    orderDate: order.orderDate,
    expectedDate: order.expectedDate,
    notes: order.notes,
    lines,
    totalQuantity: lines.reduce((sum, line) => sum + line.quantityOrdered, 0),
    totalCostCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
  };
}
