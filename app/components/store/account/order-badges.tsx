import { Badge } from "~/components/ui/badge";

export const ORDER_STATUS_LABELS = {
  pending: "Pending",
  processing: "Processing",
  completed: "Completed",
  cancelled: "Cancelled",
} as const;
export const PAYMENT_STATUS_LABELS = {
  unpaid: "Not paid",
  partially_paid: "Part paid (lay-by)",
  paid: "Paid",
  refunded: "Refunded",
} as const;

/** An order's status and payment state, as the shopper's pages show them. */
export function OrderBadges({
  status,
  paymentStatus,
  paymentLabel,
}: {
  status: keyof typeof ORDER_STATUS_LABELS;
  paymentStatus: keyof typeof PAYMENT_STATUS_LABELS;
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
