import { Power, PowerOff } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/admin/ui/button";
import type { ZoneRow } from "~/domain/delivery/zone-list";
import { ZONE_WEEKDAYS } from "~/domain/delivery/zone-schemas";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { notify } from "~/lib/notify";
import { EditZoneDialog } from "./zone-dialogs";

const none = (text: string) => <span className="text-muted-foreground">{text}</span>;

/** What a zone covers, in one line: its codes, then towns, then provinces. */
function covers(z: ZoneRow): string {
  return [...z.postalCodes, ...z.towns, ...z.provinces.map((p) => `all of ${p}`)].join(", ");
}

function days(z: ZoneRow): string {
  if (z.weekdays.length === 6) return "Mon-Sat";
  return ZONE_WEEKDAYS.filter((d) => z.weekdays.includes(d.day))
    .map((d) => d.label)
    .join(", ");
}

/** The zones list's columns; the edit and (de)activate buttons only for who may use them. */
export function zoneColumns(canManage: boolean): ListColumn<ZoneRow>[] {
  const columns: ListColumn<ZoneRow>[] = [
    { key: "order", header: "Order", sortable: true, cell: (z) => z.sortOrder },
    { key: "name", header: "Name", sortable: true, className: "font-medium", cell: (z) => z.name },
    {
      key: "covers",
      header: "Covers",
      cell: (z) => (
        <p className="max-w-[260px] truncate" title={covers(z)}>
          {covers(z)}
        </p>
      ),
    },
    {
      key: "standardFee",
      header: "Standard",
      sortable: true,
      className: "tabular-nums",
      cell: (z) => formatMoney(z.standardFeeCents),
    },
    {
      key: "freeFrom",
      header: "Free From",
      sortable: true,
      className: "tabular-nums",
      cell: (z) => (z.freeFromCents === null ? none("Never") : formatMoney(z.freeFromCents)),
    },
    {
      key: "expressFee",
      header: "Express",
      sortable: true,
      className: "tabular-nums",
      cell: (z) => (z.expressFeeCents === null ? none("None") : formatMoney(z.expressFeeCents)),
    },
    {
      key: "leadDays",
      header: "Lead Days",
      sortable: true,
      cell: (z) => `${z.leadDays} ${z.leadDays === 1 ? "day" : "days"}`,
    },
    { key: "days", header: "Truck Goes", cell: (z) => `${days(z)} · ${z.dropsPerDay} drops` },
    {
      key: "status",
      header: "Status",
      sortable: true,
      cell: (z) => <StatusBadge status={z.active ? "active" : "inactive"} />,
    },
  ];
  if (!canManage) return columns;
  return [
    ...columns,
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (z) => (
        <ListRowActions>
          <EditZoneDialog zone={z} />
          <ZoneStatusButton zone={z} />
        </ListRowActions>
      ),
    },
  ];
}

const STATUS_FETCHER = "zone-status";

/** Toasts a deactivation or reactivation; on the page, since a row may leave a filtered list. */
export function useZoneStatusToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: STATUS_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

function ZoneStatusButton({ zone }: { zone: ZoneRow }) {
  const fetcher = useFetcher<FormActionResult>({ key: STATUS_FETCHER });
  const label = `${zone.active ? "Deactivate" : "Reactivate"} ${zone.name}`;
  return (
    <fetcher.Form method="post" action="/admin/delivery-zones">
      <input type="hidden" name="intent" value={zone.active ? "deactivate" : "reactivate"} />
      <input type="hidden" name="id" value={zone.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        disabled={fetcher.state !== "idle"}
      >
        {zone.active ? <PowerOff className="text-destructive" /> : <Power />}
      </Button>
    </fetcher.Form>
  );
}
