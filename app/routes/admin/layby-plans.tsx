import { AlertTriangle, Banknote, CalendarClock, Wallet } from "lucide-react";
import { Link } from "react-router";
import { ListCard } from "~/components/admin/list/list-card";
import { type ListColumn } from "~/components/admin/list/list-table";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { OrderTabs } from "~/components/admin/orders/order-tabs";
import { StatCard } from "~/components/admin/stat-card";
import { StatusBadge } from "~/components/admin/status-badge";
import { listLaybyPlans } from "~/domain/layby/list-plans.server";
import { LAYBY_LIST, LAYBY_STATUS_LABELS, LAYBY_STATUSES } from "~/domain/layby/plan-list";
import { formatDay } from "~/lib/dates";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/layby-plans";

export const meta: Route.MetaFunction = () => [{ title: "Lay-by | Orders | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(LAYBY_LIST, readSearchParams(request));
  return { params, ...(await listLaybyPlans(params)) };
}

const money = (cents: number) => formatMoney(cents, { cents: true });
type PlanRow = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: ListColumn<PlanRow>[] = [
  {
    key: "number",
    header: "Order Number",
    sortable: true,
    cell: (p) => (
      <Link to={`/admin/orders/${p.number}`} className="font-medium text-primary hover:underline">
        #{p.number}
      </Link>
    ),
  },
  {
    key: "customer",
    header: "Customer",
    sortable: true,
    cell: (p) => (
      <>
        <div>{p.customer || "N/A"}</div>
        <div className="text-sm text-muted-foreground">{p.email}</div>
      </>
    ),
  },
  { key: "total", header: "Total", sortable: true, cell: (p) => money(p.totalCents) },
  { key: "paid", header: "Paid so far", cell: (p) => money(p.paidCents) },
  {
    key: "due",
    header: "Next due",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (p) =>
      p.nextDueDay && (p.status === "active" || p.status === "awaiting_deposit")
        ? formatDay(p.nextDueDay)
        : "None",
  },
  {
    key: "arrears",
    header: "Arrears",
    cell: (p) =>
      p.arrearsCount > 0 && p.status === "active" ? (
        <span className="font-medium text-destructive">
          {money(p.arrearsCents)} ({p.arrearsCount} overdue)
        </span>
      ) : (
        "None"
      ),
  },
  { key: "status", header: "Status", cell: (p) => <StatusBadge status={p.status} /> },
];

export default function LaybyPlansPage({ loaderData: d }: Route.ComponentProps) {
  const filtered = d.params.q !== "" || d.params.status !== "all";
  const s = d.summary;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Orders</h1>
        <p className="text-muted-foreground">
          Lay-by plans: the goods are held until the last instalment is paid.
        </p>
      </div>
      <OrderTabs inArrears={s.inArrears} />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Active Plans" value={s.active} icon={CalendarClock} />
        <StatCard
          index={1}
          title="In Arrears"
          value={s.inArrears}
          note="Active plans with an overdue instalment"
          icon={AlertTriangle}
        />
        <StatCard
          index={2}
          title="Still Owed"
          value={money(s.owedCents)}
          note="On active plans"
          icon={Wallet}
        />
        <StatCard
          index={3}
          title="Refunds To Pay Out"
          value={s.refundsToPay}
          note={`${money(s.refundsToPayCents)} in cash or by hand`}
          icon={Banknote}
        />
      </div>
      <ListCard
        title="Lay-by plans"
        noun="plans"
        spec={LAYBY_LIST}
        params={d.params}
        page={d}
        columns={COLUMNS}
        rowKey={(p) => p.id}
        rowTestId="layby-row"
        toolbar={{
          searchLabel: "Search lay-by plans",
          placeholder: "Number, name or e-mail...",
          statusOptions: LAYBY_STATUSES.map((value) => ({
            value,
            label: LAYBY_STATUS_LABELS[value],
          })),
        }}
        empty={
          <ListEmpty
            title="No lay-by plans found"
            description={
              filtered
                ? "No plan matches this search and filter."
                : "Orders a shopper chose to pay by lay-by appear here."
            }
          />
        }
      />
    </div>
  );
}
