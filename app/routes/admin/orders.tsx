import { CheckCircle2, DollarSign, ShoppingCart, Truck } from "lucide-react";
import { Link } from "react-router";
import { ListCard } from "~/components/admin/list/list-card";
import { type ListColumn } from "~/components/admin/list/list-table";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { OrderTabs } from "~/components/admin/orders/order-tabs";
import { StageBadge } from "~/components/admin/orders/stage-badge";
import { StatCard } from "~/components/admin/stat-card";
import { StatusBadge } from "~/components/admin/status-badge";
import { usePoll } from "~/components/admin/use-poll";
import { listMoneyOwedBack } from "~/domain/invoicing/recheck-refunds.server";
import { laybySummary } from "~/domain/layby/list-plans.server";
import { listAdminOrders } from "~/domain/orders/list-orders.server";
import { MONEY_OWED_BACK, ORDER_LIST } from "~/domain/orders/order-list";
import { ORDER_STAGE_LABELS } from "~/domain/orders/order-lifecycle";
import { PAYMENT_STATUS_LABELS } from "~/domain/orders/payment-status";
import { requireStaff } from "~/lib/staff-gate.server";
import { readListParams, statusChoices } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/orders";
import { formatDateTime } from "~/lib/dates";

export const meta: Route.MetaFunction = () => [{ title: "Orders | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(ORDER_LIST, readSearchParams(request));
  const [page, layby, owedBack] = await Promise.all([
    listAdminOrders(params),
    laybySummary(),
    listMoneyOwedBack(),
  ]);
  return { params, ...page, inArrears: layby.inArrears, owedBack };
}

const money = (cents: number) => formatMoney(cents, { cents: true });
type OrderRow = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ListColumn<OrderRow>[] = [
  {
    key: "number",
    header: "Order Number",
    sortable: true,
    cell: (o) => (
      <Link to={`/admin/orders/${o.number}`} className="font-medium text-primary hover:underline">
        #{o.number}
      </Link>
    ),
  },
  { key: "customer", header: "Customer", sortable: true, cell: (o) => o.customer || "N/A" },
  {
    key: "contact",
    header: "Contact",
    className: "text-sm",
    cell: (o) => (
      <>
        <div>{o.email || "N/A"}</div>
        <div className="text-muted-foreground">{o.phone || "N/A"}</div>
      </>
    ),
  },
  {
    key: "date",
    header: "Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (o) => formatDateTime(o.createdAt),
  },
  { key: "total", header: "Total", sortable: true, cell: (o) => money(o.totalCents) },
  { key: "status", header: "Status", cell: (o) => <StageBadge facts={o} /> },
  {
    key: "payment",
    header: "Payment",
    cell: (o) => (
      <StatusBadge status={o.paymentStatus} label={PAYMENT_STATUS_LABELS[o.paymentStatus]} />
    ),
  },
];

export default function OrdersPage({ loaderData: d }: Route.ComponentProps) {
  usePoll(15_000);
  const filtered =
    d.params.q !== "" || d.params.status !== "all" || Boolean(d.params.filters?.refund);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Orders</h1>
        <p className="text-muted-foreground">Every order placed in the shop, newest first.</p>
      </div>
      <OrderTabs inArrears={d.inArrears} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Total Orders" value={d.summary.total} icon={ShoppingCart} />
        <StatCard
          index={1}
          title="To Deliver"
          value={d.summary.toDeliver}
          note="Paid, not yet out"
          icon={Truck}
        />
        <StatCard index={2} title="Delivered" value={d.summary.delivered} icon={CheckCircle2} />
        <StatCard
          index={3}
          title="Revenue"
          value={money(d.summary.revenueCents)}
          note="Net sales: invoiced, less refunds, plus lay-by charges kept"
          icon={DollarSign}
        />
      </div>
      {d.owedBack.length > 0 && (
        <section
          aria-label="Money owed back"
          className="rounded-md border border-destructive/40 p-4 text-sm"
          data-testid="money-owed-back"
        >
          <p className="font-medium">Money owed back: pay it back from the order&apos;s page</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {d.owedBack.map((o) => (
              <li key={o.orderNumber}>
                <Link
                  to={`/admin/orders/${o.orderNumber}`}
                  className="text-primary hover:underline"
                >
                  #{o.orderNumber}
                </Link>
                : {money(o.amountCents)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ListCard
        title="Orders"
        noun="orders"
        spec={ORDER_LIST}
        params={d.params}
        page={d}
        columns={COLUMNS}
        rowKey={(o) => o.id}
        rowTestId="order-row"
        toolbar={{
          searchLabel: "Search orders",
          placeholder: "Number, name or e-mail...",
          statusOptions: statusChoices(ORDER_LIST.statuses, ORDER_STAGE_LABELS),
          filters: [
            {
              name: "refund",
              label: "Refunds",
              allLabel: "All orders",
              options: [{ value: MONEY_OWED_BACK, label: "Money owed back" }],
            },
          ],
          exportTo: "/admin/orders/export",
        }}
        empty={
          <ListEmpty
            title="No orders found"
            description={
              filtered
                ? "No order matches this search and filter."
                : "Orders placed in the shop appear here."
            }
          />
        }
      />
    </div>
  );
}
