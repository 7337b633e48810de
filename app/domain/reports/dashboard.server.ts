import { desc, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orders, products, variants } from "~/db/schema";
import { ALL_TIME_START, salesTotals } from "~/domain/ledger/ledger-totals.server";
import { bookedDay } from "~/domain/orders/order-stage.server";

/**
 * The outer query's product id, written out in full: drizzle leaves columns unqualified in a
 * query without joins, and inside a subquery on variants a bare "id" would be the variant's.
 */
const outerProductId = sql.raw('"products"."id"');

const DAY_MS = 86_400_000;
export const RECENT_LIMIT = 5;

/** Percent change from `previous` to `current`, one decimal; null when there is nothing to compare. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/**
 * The dashboard's figures, all from the database. Revenue is net sales from the sales ledger
 * (invoiced, less credit notes, plus lay-by charges kept), as Orders and Reports count it.
 */
export async function getDashboard(now = new Date()) {
  const last30 = new Date(now.getTime() - 30 * DAY_MS);
  const previous30 = new Date(now.getTime() - 60 * DAY_MS);
  const [allTime, recent, before] = await salesTotals([
    { start: ALL_TIME_START, end: now },
    { start: last30, end: now },
    { start: previous30, end: last30 },
  ]);

  const [orderFigures] = await db()
    .select({
      totalOrders: sql<number>`count(*)::int`,
      delivered: sql<number>`(count(*) filter (where ${orders.status} = 'delivered'))::int`,
      awaitingPayment: sql<number>`(count(*) filter (where ${orders.status} in ('awaiting_payment', 'layby')))::int`,
      toDeliver: sql<number>`(count(*) filter (where ${orders.status} in ('to_deliver', 'out_for_delivery')))::int`,
    })
    .from(orders);
  const [productFigures] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${products.status} = 'active'))::int`,
    })
    .from(products);

  const recentOrders = await db()
    .select({
      id: orders.id,
      number: orders.number,
      customer: sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      deliveryDay: bookedDay,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(RECENT_LIMIT);

  const recentProducts = await db()
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      sku: sql<
        string | null
      >`(select ${variants.sku} from ${variants} where ${variants.productId} = ${outerProductId} order by ${variants.sortOrder}, ${variants.id} limit 1)`,
      priceCents: sql<
        number | null
      >`(select min(${variants.priceCents}) from ${variants} where ${variants.productId} = ${outerProductId})`,
    })
    .from(products)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(RECENT_LIMIT);

  const o = orderFigures!;
  return {
    revenueCents: allTime!.netCents,
    revenueChangePercent: percentChange(recent!.netCents, before!.netCents),
    totalOrders: o.totalOrders,
    deliveredOrders: o.delivered,
    awaitingPaymentOrders: o.awaitingPayment,
    toDeliverOrders: o.toDeliver,
    conversionPercent: o.totalOrders === 0 ? 0 : Math.round((o.delivered / o.totalOrders) * 100),
    products: productFigures!.total,
    activeProducts: productFigures!.active,
    recentOrders,
    recentProducts,
  };
}
