import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PurchaseOrderActions } from "~/components/admin/purchase-orders/purchase-order-actions";
import { PurchaseOrderLinesTable } from "~/components/admin/purchase-orders/purchase-order-lines-table";
import { PurchaseOrderStatusBadge } from "~/components/admin/purchase-orders/purchase-order-status-badge";
import { PurchaseOrderTimeline } from "~/components/admin/purchase-orders/purchase-order-timeline";
import { ReceiveGoodsForm } from "~/components/admin/purchase-orders/receive-goods-form";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { formatDay } from "~/lib/dates";
import { listReceivingWarehouses } from "~/domain/purchasing/purchase-order-form-options.server";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-order-get.server";
import { canReceivePurchaseOrder } from "~/domain/purchasing/purchase-order-status";
import { SENDABLE_PURCHASE_ORDER_STATUSES } from "~/domain/purchasing/send-purchase-order.server";
import { formatDateTime } from "~/lib/dates";
import { idParam } from "~/lib/request-input.server";
import { loaded } from "~/lib/actions.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { purchaseOrderAction } from "./purchase-order-action.server";
import type { Route } from "./+types/purchase-order";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.order.poNumber ?? "Purchase Order"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = idParam(params.id);
  const detail = await loaded(() => getPurchaseOrder({ id }));
  const receivable = canReceivePurchaseOrder(detail.order.status);
  return {
    ...detail,
    warehouses: receivable ? await listReceivingWarehouses() : [],
    sendable: (SENDABLE_PURCHASE_ORDER_STATUSES as readonly string[]).includes(detail.order.status),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  return purchaseOrderAction({ request, id: idParam(params.id), actor });
}

export default function PurchaseOrderPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { order } = d;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/admin/purchase-orders"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Purchase Orders
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{order.poNumber}</h1>
        <PurchaseOrderStatusBadge status={order.status} />
        <span className="text-muted-foreground">{order.supplier.name}</span>
      </div>
      <PurchaseOrderActions
        order={{ ...order, supplierEmail: order.supplier.email }}
        sendable={d.sendable}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Supplier</CardTitle>
          </CardHeader>
          <CardContent className="space-y-1 text-sm">
            <p className="font-medium">
              {order.supplier.name}
              {!order.supplier.active && <span className="text-muted-foreground"> (inactive)</span>}
            </p>
            {order.supplier.contactPerson && <p>{order.supplier.contactPerson}</p>}
            <p>{order.supplier.email || "No e-mail address"}</p>
            {order.supplier.phone && <p>{order.supplier.phone}</p>}
            <p className="text-muted-foreground">
              Lead time {order.supplier.leadTimeDays}{" "}
              {order.supplier.leadTimeDays === 1 ? "day" : "days"}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Order date</dt>
              <dd>{formatDay(order.orderDate)}</dd>
              <dt className="text-muted-foreground">Expected date</dt>
              <dd>{formatDay(order.expectedDate) || "Not set"}</dd>
              <dt className="text-muted-foreground">Created by</dt>
              <dd>{order.createdByName ?? "A former colleague"}</dd>
              <dt className="text-muted-foreground">Sent to supplier</dt>
              <dd>{order.sentAt ? formatDateTime(order.sentAt) : "Not yet"}</dd>
              {order.notes && (
                <>
                  <dt className="text-muted-foreground">Notes</dt>
                  <dd className="whitespace-pre-line">{order.notes}</dd>
                </>
              )}
            </dl>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Lines</CardTitle>
        </CardHeader>
        <CardContent>
          <PurchaseOrderLinesTable lines={d.lines} totals={d.totals} />
        </CardContent>
      </Card>
      {(canReceivePurchaseOrder(order.status) || order.status === "received") && (
        <ReceiveGoodsForm lines={d.lines} warehouses={d.warehouses} pageResult={actionData} />
      )}
      <Card>
        <CardHeader>
          <CardTitle>Timeline</CardTitle>
        </CardHeader>
        <CardContent>
          <PurchaseOrderTimeline events={d.events} />
        </CardContent>
      </Card>
    </div>
  );
}
