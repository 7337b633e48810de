import { ClipboardList, Clock, PackageCheck, Plus, Truck } from "lucide-react";
import { Link } from "react-router";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { PURCHASE_ORDER_COLUMNS } from "~/components/admin/purchase-orders/purchase-order-columns";
import { StatCard } from "~/components/admin/stat-card";
import { Button } from "~/components/admin/ui/button";
import {
  PURCHASE_ORDER_LIST,
  PURCHASE_ORDER_STATUS_CHOICES,
} from "~/domain/purchasing/purchase-order-list";
import { listPurchaseOrders } from "~/domain/purchasing/purchase-order-list.server";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/purchase-orders";

export const meta: Route.MetaFunction = () => [{ title: "Purchase Orders | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(PURCHASE_ORDER_LIST, readSearchParams(request));
  return { params, ...(await listPurchaseOrders({ params })) };
}

export default function PurchaseOrdersPage({ loaderData: d }: Route.ComponentProps) {
  const { summary } = d;
  const filtered = d.params.q !== "" || d.params.status !== "all";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Purchase Orders</h1>
          <p className="text-muted-foreground">
            What the shop orders from its suppliers, from draft to received.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/purchase-orders/new">
            <Plus className="size-4" aria-hidden /> New Purchase Order
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          index={0}
          title="Open Orders"
          value={summary.open}
          note="Not yet received or cancelled"
          icon={ClipboardList}
        />
        <StatCard
          index={1}
          title="Awaiting Approval"
          value={summary.pending}
          note="Submitted, not yet approved"
          icon={Clock}
        />
        <StatCard
          index={2}
          title="Awaiting Delivery"
          value={summary.awaitingDelivery}
          note="Approved or in transit"
          icon={Truck}
        />
        <StatCard
          index={3}
          title="Value on Order"
          value={formatMoney(summary.valueOnOrderCents, { cents: true })}
          note="Still to come, at cost"
          icon={PackageCheck}
        />
      </div>
      <ListCard
        title="Purchase Orders"
        noun="purchase orders"
        spec={PURCHASE_ORDER_LIST}
        params={d.params}
        page={d}
        columns={PURCHASE_ORDER_COLUMNS}
        rowKey={(o) => o.id}
        rowTestId="purchase-order-row"
        toolbar={{
          searchLabel: "Search purchase orders",
          placeholder: "PO number or supplier...",
          statusOptions: PURCHASE_ORDER_STATUS_CHOICES,
          exportTo: "/admin/purchase-orders/export",
        }}
        empty={
          <ListEmpty
            title="No purchase orders found"
            description={
              filtered
                ? "No purchase order matches this search and filter."
                : "Purchase orders you create for your suppliers appear here."
            }
          />
        }
      />
    </div>
  );
}
