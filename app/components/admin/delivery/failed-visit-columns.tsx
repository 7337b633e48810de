import { Link } from "react-router";
import type { ListColumn } from "~/components/admin/list/list-table";
import { Badge } from "~/components/admin/ui/badge";
import type { FailedVisit } from "~/domain/delivery/failed-visits.server";
import { NOT_DELIVERED_REASON_LABELS, STOP_STATE_LABELS } from "~/domain/delivery/proof-schemas";
import { formatDateTime } from "~/lib/dates";

/** A missed visit's reason in the shop's words. */
export const failedReason = (visit: Pick<FailedVisit, "reason">) =>
  visit.reason ? NOT_DELIVERED_REASON_LABELS[visit.reason] : "No reason kept";

/** The "Not delivered" mark of a missed visit, on the day view and its run. */
export function NotDeliveredBadge() {
  return <Badge variant="destructive">{STOP_STATE_LABELS.not_delivered}</Badge>;
}

/**
 * The day view's missed visits: whose, where, on which run, why, the driver's note (staff's
 * eyes only) and what the customer was told. No actions: the order itself is back in To book.
 */
export function failedVisitColumns(): ListColumn<FailedVisit>[] {
  return [
    {
      key: "number",
      header: "Order",
      cell: (r) => (
        <Link
          to={`/admin/orders/${r.orderNumber}`}
          className="font-medium text-primary hover:underline"
        >
          #{r.orderNumber}
        </Link>
      ),
    },
    { key: "customer", header: "Customer", cell: (r) => r.customer || "N/A" },
    {
      key: "town",
      header: "Town / Suburb",
      cell: (r) => [r.suburb, `${r.town} ${r.postalCode}`.trim()].filter(Boolean).join(", "),
    },
    { key: "zone", header: "Zone", cell: (r) => r.zoneName ?? "N/A" },
    { key: "run", header: "Run", cell: (r) => r.truck ?? "No run" },
    { key: "status", header: "Status", cell: () => <NotDeliveredBadge /> },
    { key: "reason", header: "Why", cell: failedReason },
    {
      key: "note",
      header: "Driver's note",
      cell: (r) => (
        <span className="block max-w-xs space-y-1">
          <span className="block">{r.note ?? "None"}</span>
          {r.customerMessage ? (
            <span className="block text-muted-foreground">
              Told the customer: “{r.customerMessage}”
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: "recorded",
      header: "Recorded",
      className: "whitespace-nowrap",
      cell: (r) => `${r.recordedByName}, ${formatDateTime(r.recordedAt)}`,
    },
  ];
}
