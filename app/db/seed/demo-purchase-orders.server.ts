import { and, asc, count, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  categories,
  products,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
  users,
  variants,
  warehouses,
} from "~/db/schema";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { addDays, shopToday } from "~/lib/dates";
import { receivePurchaseOrder } from "~/domain/purchasing/purchase-order-receive.server";
import { createPurchaseOrder } from "~/domain/purchasing/purchase-order-save.server";
import {
  changePurchaseOrderStatus,
  type PurchaseOrderStatusAction,
} from "~/domain/purchasing/purchase-order-transition.server";
import type { DEMO_SUPPLIERS } from "./demo-suppliers.server";

type Step = PurchaseOrderStatusAction | "receive_part" | "receive_rest";

type DemoPurchaseOrder = {
  supplier: (typeof DEMO_SUPPLIERS)[number]["name"];
  category: string;
  quantities: number[];
  notes: string;
  /** Days ago it was created, then each step, in order. */
  daysAgo: number;
  steps: [Step, number][];
};

/**
 * One received (in two deliveries), one in transit, one approved, one awaiting approval and a
 * draft: each made by the demo owner through the same functions as the back office, then
 * dated back so the list and timelines read like a few weeks of work.
 */
const DEMO_PURCHASE_ORDERS: DemoPurchaseOrder[] = [
  {
    supplier: "Highveld Foam Industries",
    category: "mattresses",
    quantities: [6, 4],
    notes: "Deliver to the showroom's back entrance.",
    daysAgo: 26,
    steps: [
      ["submit", 26],
      ["approve", 25],
      ["mark_in_transit", 18],
      ["receive_part", 16],
      ["receive_rest", 14],
    ],
  },
  {
    supplier: "Vhembe Spring & Mattress Works",
    category: "beds",
    quantities: [4, 2, 2],
    notes: "",
    daysAgo: 9,
    steps: [
      ["submit", 9],
      ["approve", 8],
      ["mark_in_transit", 2],
    ],
  },
  {
    supplier: "Pinetown Timber & Upholstery",
    category: "furniture",
    quantities: [2, 2],
    notes: "Quote PT-2291.",
    daysAgo: 4,
    steps: [
      ["submit", 4],
      ["approve", 3],
    ],
  },
  {
    supplier: "Highveld Foam Industries",
    category: "pillows",
    quantities: [12],
    notes: "",
    daysAgo: 1,
    steps: [["submit", 1]],
  },
  {
    supplier: "Vhembe Spring & Mattress Works",
    category: "mattresses",
    quantities: [3],
    notes: "Waiting for the supplier's new price list.",
    daysAgo: 0,
    steps: [],
  },
];

const DAY = 24 * 60 * 60 * 1000;

async function skusOf(category: string, n: number, skip: number) {
  const rows = await db()
    .select({ sku: variants.sku })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(categories.slug, category), eq(products.status, "active")))
    .orderBy(asc(variants.id))
    .limit(n)
    .offset(skip);
  return rows.map((r) => r.sku);
}

/**
 * The demo's purchase orders, after the demo suppliers, warehouses and owner exist. A shop
 * that already has purchase orders gets none; one whose supplier is missing is left out.
 */
export async function insertDemoPurchaseOrders(): Promise<void> {
  const [existing] = await db().select({ n: count() }).from(purchaseOrders);
  if ((existing?.n ?? 0) > 0) return;
  const [owner] = await db()
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, DEMO_OWNER.email));
  const [showroom] = await db()
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(eq(warehouses.code, "main"));
  if (!owner || !showroom) return;
  const supplierRows = await db()
    .select({ id: suppliers.id, name: suppliers.name, leadTimeDays: suppliers.leadTimeDays })
    .from(suppliers);
  const used = new Map<string, number>();

  for (const plan of DEMO_PURCHASE_ORDERS) {
    const supplier = supplierRows.find((s) => s.name === plan.supplier);
    if (!supplier) continue;
    const skip = used.get(plan.category) ?? 0;
    const skus = await skusOf(plan.category, plan.quantities.length, skip);
    used.set(plan.category, skip + skus.length);
    if (skus.length === 0) continue;
    const lines = skus.map((sku, row) => ({
      row,
      sku,
      quantity: plan.quantities[row]!,
      unitCostCents: null,
    }));
    const { id } = await createPurchaseOrder({
      input: {
        supplierId: supplier.id,
        expectedDate: null,
        notes: plan.notes,
        submit: false,
        lines,
      },
      actor: owner,
    });
    for (const [step] of plan.steps) {
      if (step === "receive_part" || step === "receive_rest") {
        const open = await db()
          .select({
            id: purchaseOrderLines.id,
            left: sql<number>`${purchaseOrderLines.quantityOrdered} - ${purchaseOrderLines.quantityReceived}`,
          })
          .from(purchaseOrderLines)
          .where(eq(purchaseOrderLines.purchaseOrderId, id))
          .orderBy(asc(purchaseOrderLines.id));
        // The first delivery brings the first line only; the second brings the rest.
        const quantities = (step === "receive_part" ? open.slice(0, 1) : open)
          .filter((l) => l.left > 0)
          .map((l) => ({ lineId: l.id, quantity: l.left }));
        await receivePurchaseOrder({
          id,
          input: { warehouseId: showroom.id, quantities },
          actor: owner,
        });
      } else {
        await changePurchaseOrderStatus({ id, action: step, actor: owner });
      }
    }
    await dateBack(id, plan, supplier.leadTimeDays);
  }
}

/**
 * Dates a demo order and its timeline back to the plan's days. Its receipts' movements keep
 * their time: the ledger stays in the order it was written.
 */
async function dateBack(id: number, plan: DemoPurchaseOrder, leadTimeDays: number) {
  const orderDate = addDays(shopToday(), -plan.daysAgo);
  await db()
    .update(purchaseOrders)
    .set({ orderDate, expectedDate: addDays(orderDate, leadTimeDays) })
    .where(eq(purchaseOrders.id, id));
  const events = await db()
    .select({ id: purchaseOrderEvents.id })
    .from(purchaseOrderEvents)
    .where(eq(purchaseOrderEvents.purchaseOrderId, id))
    .orderBy(asc(purchaseOrderEvents.id));
  const days = [plan.daysAgo, ...plan.steps.map(([, d]) => d)];
  const now = Date.now();
  for (const [i, event] of events.entries()) {
    // A few hours apart within a day, so the timeline keeps its order.
    const at = new Date(now - (days[i] ?? 0) * DAY - (events.length - i) * 60 * 60 * 1000);
    await db()
      .update(purchaseOrderEvents)
      .set({ createdAt: at })
      .where(eq(purchaseOrderEvents.id, event.id));
  }
}
