import { Badge } from "~/components/admin/ui/badge";
import { INVOICE_STATUS_LABELS, type InvoiceListStatus } from "~/domain/invoicing/invoice-status";

/** An invoice's status as staff read it: paid in the default style, overdue and cancelled red. */
export function InvoiceStatusBadge({ status }: { status: InvoiceListStatus }) {
  const variant =
    status === "paid"
      ? "default"
      : status === "overdue" || status === "cancelled"
        ? "destructive"
        : "secondary";
  return <Badge variant={variant}>{INVOICE_STATUS_LABELS[status]}</Badge>;
}
