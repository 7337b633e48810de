import { BarChart3, Boxes, Package, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { Compared, Report } from "~/domain/reports/get-report.server";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

function Change({ figure }: { figure: Compared }) {
  const { change } = figure;
  const text =
    change === null ? "new (nothing before)" : `${change > 0 ? "+" : ""}${change}% on previous`;
  const tone =
    change === null || change === 0
      ? "text-muted-foreground"
      : change > 0
        ? "text-green-800 dark:text-green-300"
        : "text-destructive";
  return <span className={`text-xs ${tone}`}>{text}</span>;
}

function Metric({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 border-t py-2 first:border-t-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-right">
        <span
          className="font-semibold tabular-nums"
          data-testid={`metric-${label
            .toLowerCase()
            .replace(/[^a-z]+/g, "-")
            .replace(/-$/, "")}`}
        >
          {value}
        </span>
        {note ? <span className="block">{note}</span> : null}
      </dd>
    </div>
  );
}

function ReportCard({
  title,
  icon: Icon,
  counts,
  children,
}: {
  title: string;
  icon: LucideIcon;
  /** What the card's figures count, said before them. */
  counts?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-base">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        {counts && <p className="pb-2 text-xs text-muted-foreground">{counts}</p>}
        <dl>{children}</dl>
      </CardContent>
    </Card>
  );
}

/** The page's four cards: sales, inventory, customers and product performance. */
export function ReportCards({ report: r }: { report: Report }) {
  const s = r.sales;
  const totalOrders = r.customers.newOrders + r.customers.returningOrders;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="report-cards">
      <ReportCard
        title="Sales Report"
        icon={BarChart3}
        counts="Net sales: tax invoices issued, less credit notes for refunds, plus lay-by cancellation charges kept. Lay-by payments count when the plan is paid in full and invoiced."
      >
        <Metric
          label="Net sales (incl. VAT)"
          value={money(s.revenueCents.value)}
          note={<Change figure={s.revenueCents} />}
        />
        <Metric
          label="Net sales (excl. VAT)"
          value={money(s.revenueExVatCents.value)}
          note={<Change figure={s.revenueExVatCents} />}
        />
        <Metric
          label="Invoices issued"
          value={s.orders.value}
          note={<Change figure={s.orders} />}
        />
        <Metric
          label="Average invoice"
          value={money(s.averageOrderCents.value)}
          note={<Change figure={s.averageOrderCents} />}
        />
        <Metric
          label="Refunds credited"
          value={money(s.refundedCents.value)}
          note={<span className="text-xs text-muted-foreground">{s.refunds} credit notes</span>}
        />
        <Metric label="Lay-by charges kept" value={money(s.chargesKeptCents)} />
        <Metric
          label="Money received"
          value={money(r.cash.receivedCents)}
          note={
            <span className="text-xs text-muted-foreground">
              {money(r.cash.paidBackCents)} paid back; {money(r.cash.heldOnLaybyCents)} held on
              lay-by now
            </span>
          }
        />
      </ReportCard>
      <ReportCard title="Inventory Report" icon={Boxes}>
        <Metric
          label="Stock value at cost"
          value={money(r.inventory.valueCents)}
          note={
            r.inventory.uncosted > 0 ? (
              <span className="text-xs text-muted-foreground">
                {r.inventory.uncosted} levels without a cost price
              </span>
            ) : undefined
          }
        />
        <Metric label="Units on hand" value={r.inventory.unitsOnHand} />
        <Metric label="Low-stock levels" value={r.inventory.lowStock} />
        <Metric label="Out-of-stock levels" value={r.inventory.outOfStock} />
        <Metric
          label="Days of cover"
          value={
            r.inventory.daysOfCover === null
              ? "No sales to measure"
              : `${r.inventory.daysOfCover} days`
          }
          note={
            <span className="text-xs text-muted-foreground">
              available units at this period&apos;s rate of sale
            </span>
          }
        />
      </ReportCard>
      <ReportCard title="Customer Report" icon={Users}>
        <Metric label="Buyers" value={r.customers.buyers} />
        <Metric label="Orders by new buyers" value={r.customers.newOrders} />
        <Metric
          label="Orders by returning buyers"
          value={r.customers.returningOrders}
          note={
            totalOrders > 0 ? (
              <span className="text-xs text-muted-foreground">
                {Math.round((r.customers.returningOrders / totalOrders) * 100)}% of paid orders
              </span>
            ) : undefined
          }
        />
        <Metric
          label="Top towns"
          value={
            r.customers.topTowns.length === 0
              ? "None yet"
              : r.customers.topTowns.map((t) => `${t.town} (${t.orders})`).join(", ")
          }
        />
      </ReportCard>
      <ReportCard title="Product Performance" icon={Package}>
        <Metric label="Units sold" value={r.products.unitsSold} />
        <Metric
          label="Gross margin"
          value={
            r.products.marginPercent === null
              ? "No costed sales"
              : `${money(r.products.marginCents)} (${r.products.marginPercent}%)`
          }
          note={
            r.products.uncostedUnits > 0 ? (
              <span className="text-xs text-muted-foreground">
                {r.products.uncostedUnits} units without a cost price left out
              </span>
            ) : undefined
          }
        />
        <Metric
          label="Best seller by revenue"
          value={r.products.byRevenue[0]?.title ?? "None yet"}
        />
        <Metric
          label="Best seller by units"
          value={
            r.products.byUnits[0]
              ? `${r.products.byUnits[0].title} (${r.products.byUnits[0].units})`
              : "None yet"
          }
        />
      </ReportCard>
    </div>
  );
}
