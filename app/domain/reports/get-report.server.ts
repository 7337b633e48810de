import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { percentChange } from "./dashboard.server";
import { inventoryFigures, productFigures } from "./product-figures.server";
import { periodBuckets, resolvePeriod, type ReportPeriod } from "./report-period";
import type { ReportQuery } from "./report-schemas";
import {
  cashFigures,
  customerFigures,
  revenueByBucket,
  salesFigures,
} from "./sales-figures.server";

/** A figure with its value in the previous period and the change in percent (null: no base). */
export type Compared = { value: number; previous: number; change: number | null };

const compared = (value: number, previous: number): Compared => ({
  value,
  previous,
  change: percentChange(value, previous),
});

const average = (total: number, n: number) => (n === 0 ? 0 : Math.round(total / n));

/** The period a query asks for, in the shop's time zone (store settings). */
export async function periodFor(query: ReportQuery, now = new Date()): Promise<ReportPeriod> {
  const { timezone } = await getStoreSettings();
  return resolvePeriod({
    key: query.period,
    from: query.from,
    to: query.to,
    timeZone: timezone,
    now,
  });
}

/**
 * The Reports page's four cards and two charts for a period, each figure from the database:
 * net sales from the sales ledger against the previous period of the same length, money taken,
 * stock as it is now, buyers, products.
 */
export async function getReport(period: ReportPeriod) {
  const [[sales, previousSales], cash, inventory, customers, products, series] = await Promise.all([
    salesFigures(period),
    cashFigures(period),
    inventoryFigures(),
    customerFigures(period),
    productFigures(period),
    revenueByBucket(period),
  ]);
  const exVat = (s: typeof sales) => s.revenueCents - s.vatCents;
  const elapsedDays = Math.max(
    (period.end.getTime() - period.start.getTime()) / 86_400_000,
    1 / 24,
  );
  const unitsPerDay = products.unitsSold / elapsedDays;
  const marginCents = products.costedRevenueExVatCents - products.costCents;
  return {
    sales: {
      revenueCents: compared(sales.revenueCents, previousSales.revenueCents),
      revenueExVatCents: compared(exVat(sales), exVat(previousSales)),
      orders: compared(sales.orders, previousSales.orders),
      averageOrderCents: compared(
        average(sales.invoicedCents, sales.orders),
        average(previousSales.invoicedCents, previousSales.orders),
      ),
      refundedCents: compared(sales.refundedCents, previousSales.refundedCents),
      refunds: sales.refunds,
      invoicedCents: sales.invoicedCents,
      chargesKeptCents: sales.chargesKeptCents,
    },
    cash,
    inventory: {
      ...inventory,
      /** Days the available units last at the period's rate of sale; null without sales. */
      daysOfCover: unitsPerDay > 0 ? Math.round(inventory.unitsAvailable / unitsPerDay) : null,
    },
    customers,
    products: {
      byRevenue: products.byRevenue,
      byUnits: products.byUnits,
      unitsSold: products.unitsSold,
      revenueCents: products.revenueCents,
      marginCents,
      marginPercent:
        products.costedRevenueExVatCents === 0
          ? null
          : Math.round((marginCents / products.costedRevenueExVatCents) * 1000) / 10,
      uncostedUnits: products.uncostedUnits,
    },
    revenueSeries: periodBuckets(period).map((bucket) => ({
      bucket,
      revenueCents: series.get(bucket)?.revenueCents ?? 0,
      orders: series.get(bucket)?.orders ?? 0,
    })),
  };
}

export type Report = Awaited<ReturnType<typeof getReport>>;
