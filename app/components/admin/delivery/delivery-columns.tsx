import { Link } from "react-router";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { StageBadge } from "~/components/admin/orders/stage-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import type { DayBooking } from "~/domain/delivery/delivery-day-view.server";
import type { ToBookRow } from "~/domain/delivery/to-book-list";
import { PAYMENT_STATUS_LABELS } from "~/domain/orders/payment-status";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import type { DayRun } from "~/domain/delivery/day-runs.server";
import { BookingDialog, type DayChoice } from "./booking-dialog";
import { RunCell } from "./run-cards";

type Shared = Pick<
  DayBooking,
  | "orderNumber"
  | "customer"
  | "town"
  | "suburb"
  | "postalCode"
  | "items"
  | "status"
  | "paymentStatus"
> & { totalCents: number };

/** The columns a booked delivery and an order to book share. */
function sharedColumns<Row extends Shared>(): ListColumn<Row>[] {
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
    { key: "items", header: "Items", className: "tabular-nums", cell: (r) => r.items },
  ];
}

const money = (r: Shared) => (
  <span className="whitespace-nowrap">
    <StatusBadge status={r.paymentStatus} label={PAYMENT_STATUS_LABELS[r.paymentStatus]} />{" "}
    <span className="tabular-nums">{formatMoney(r.totalCents, { cents: true })}</span>
  </span>
);

/**
 * A zone's deliveries on the day view: each with its run (or a choice of the day's runs to put
 * it on) and Move when the zone has free days.
 */
export function dayColumns(
  choice: DayChoice | undefined,
  day: string,
  runs: DayRun[],
): ListColumn<DayBooking>[] {
  return [
    ...sharedColumns<DayBooking>(),
    { key: "kind", header: "Delivery", className: "capitalize", cell: (r) => r.kind },
    { key: "run", header: "Run", cell: (r) => <RunCell booking={r} runs={runs} day={day} /> },
    {
      key: "status",
      header: "Status",
      cell: (r) => <StageBadge facts={{ ...r, deliveryDay: day }} />,
    },
    { key: "money", header: "Money", cell: money },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (r) =>
        choice && r.status !== "cancelled" && r.status !== "delivered" ? (
          <ListRowActions>
            <BookingDialog
              mode="move"
              orderNumber={r.orderNumber}
              choice={choice}
              bookedDay={day}
              compact
            />
          </ListRowActions>
        ) : null,
    },
  ];
}

/** The orders to book, each with its zone (or "outside every zone") and Book. */
export function toBookColumns(choices: Record<string, DayChoice>): ListColumn<ToBookRow>[] {
  return [
    ...sharedColumns<ToBookRow>(),
    {
      key: "paid",
      header: "Paid",
      sortable: true,
      className: "whitespace-nowrap",
      cell: (r) => (r.paidAt ? formatDateTime(r.paidAt) : "N/A"),
    },
    {
      key: "zone",
      header: "Zone",
      cell: (r) =>
        r.zoneName ?? (
          <span className="text-muted-foreground">
            {r.zoneChoices ? "Outside every zone (our truck, quoted)" : "Outside every zone"}
          </span>
        ),
    },
    { key: "kind", header: "Delivery", className: "capitalize", cell: (r) => r.deliveryMethod },
    { key: "total", header: "Money", sortable: true, cell: money },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (r) => {
        const choice = r.choice ? choices[r.choice] : undefined;
        const zoneChoices = r.zoneChoices
          ?.map((key) => choices[key])
          .filter((c): c is DayChoice => c !== undefined);
        return choice || zoneChoices?.length ? (
          <ListRowActions>
            <BookingDialog
              mode="book"
              orderNumber={r.orderNumber}
              choice={choice}
              zoneChoices={choice ? undefined : zoneChoices}
              compact
            />
          </ListRowActions>
        ) : (
          <span className="text-xs text-muted-foreground">Quoted</span>
        );
      },
    },
  ];
}
