import { Badge } from "~/components/admin/ui/badge";
import {
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderStatus,
} from "~/domain/purchasing/purchase-order-status";

/** A purchase order's status as staff read it: received in the default style, cancelled red. */
export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const variant =
    status === "received" ? "default" : status === "cancelled" ? "destructive" : "secondary";
  return <Badge variant={variant}>{PURCHASE_ORDER_STATUS_LABELS[status]}</Badge>;
}
