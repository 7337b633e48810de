import { Download, Pencil, Send } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  allowedPurchaseOrderActions,
  canEditPurchaseOrder,
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from "~/domain/purchasing/purchase-order-status";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";

/**
 * What can be done to a purchase order now: only the steps its status allows (the server checks
 * again), editing while it is a draft, its PDF, and e-mailing it to the supplier.
 */
export function PurchaseOrderActions({
  order,
  sendable,
}: {
  order: { id: number; poNumber: string; status: PurchaseOrderStatus; supplierEmail: string };
  /** Whether its status allows e-mailing it to the supplier. */
  sendable: boolean;
}) {
  const fetcher = useFetcher<FormActionResult>();
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";
  // Receiving has its own form below.
  const steps = allowedPurchaseOrderActions(order.status).filter((a) => a !== "receive");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        {canEditPurchaseOrder(order.status) && (
          <Button asChild variant="outline">
            <Link to={`/admin/purchase-orders/${order.id}/edit`}>
              <Pencil className="size-4" aria-hidden /> Edit lines
            </Link>
          </Button>
        )}
        {steps.map((action) => (
          <fetcher.Form
            method="post"
            key={action}
            onSubmit={(e) => {
              if (action === "cancel" && !window.confirm(`Cancel ${order.poNumber}?`)) {
                e.preventDefault();
              }
            }}
          >
            <input type="hidden" name="intent" value={action} />
            <Button
              type="submit"
              disabled={busy}
              variant={action === "cancel" ? "destructive" : "default"}
            >
              {PURCHASE_ORDER_ACTIONS[action].label}
            </Button>
          </fetcher.Form>
        ))}
        <Button asChild variant="outline">
          <a href={`/admin/purchase-orders/${order.id}/pdf`} download>
            <Download className="size-4" aria-hidden /> Download PDF
          </a>
        </Button>
        {sendable && (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="send" />
            <Button type="submit" variant="outline" disabled={busy}>
              <Send className="size-4" aria-hidden /> Send to supplier
            </Button>
          </fetcher.Form>
        )}
        {steps.length === 0 && !sendable && (
          <p className="text-sm text-muted-foreground">
            This purchase order is {PURCHASE_ORDER_STATUS_LABELS[order.status].toLowerCase()}:
            nothing more to do.
          </p>
        )}
        {sendable && !order.supplierEmail && (
          <p className="w-full text-xs text-muted-foreground">
            The supplier has no e-mail address yet: add one under Suppliers to send this order.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
