import { Badge } from "~/components/ui/badge";
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from "~/domain/orders/payment-status";

export const ORDER_STATUS_LABELS = {
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  cancelled: "Cancelled",
} as const;

/** An order's status and payment state, as the shopper's pages show them. */
export function OrderBadges({
  status,
  paymentStatus,
  paymentLabel,
}: {
  status: keyof typeof ORDER_STATUS_LABELS;
  paymentStatus: PaymentStatus;
  /** Says more than the status when money has gone back ("Partly refunded (R… of R…)"). */
  paymentLabel?: string;
}) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={status === "cancelled" ? "destructive" : "secondary"}>
        {ORDER_STATUS_LABELS[status]}
      </Badge>
      <Badge variant={paymentStatus === "paid" ? "default" : "outline"}>
        {paymentLabel ?? PAYMENT_STATUS_LABELS[paymentStatus]}
      </Badge>
    </span>
  );
}
