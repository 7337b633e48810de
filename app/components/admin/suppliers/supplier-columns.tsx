import { Power, PowerOff } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/admin/ui/button";
import type { SupplierRow } from "~/domain/purchasing/supplier-list";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { EditSupplierDialog } from "./supplier-dialogs";

const muted = (text: string) =>
  text ? text : <span className="text-muted-foreground">Not given</span>;

export const SUPPLIER_COLUMNS: ListColumn<SupplierRow>[] = [
  { key: "name", header: "Name", sortable: true, className: "font-medium", cell: (s) => s.name },
  { key: "contact", header: "Contact Person", sortable: true, cell: (s) => muted(s.contactPerson) },
  { key: "email", header: "Email", sortable: true, cell: (s) => muted(s.email) },
  { key: "phone", header: "Phone", sortable: true, cell: (s) => muted(s.phone) },
  {
    key: "address",
    header: "Address",
    sortable: true,
    cell: (s) => (
      <p className="max-w-[220px] truncate" title={s.address}>
        {muted(s.address)}
      </p>
    ),
  },
  {
    key: "leadTime",
    header: "Lead Time",
    sortable: true,
    cell: (s) => `${s.leadTimeDays} ${s.leadTimeDays === 1 ? "day" : "days"}`,
  },
  {
    key: "activeOrders",
    header: "Active Orders",
    sortable: true,
    className: "text-right",
    cell: (s) => s.activeOrders,
  },
  {
    key: "status",
    header: "Status",
    sortable: true,
    cell: (s) => <StatusBadge status={s.active ? "active" : "inactive"} />,
  },
  {
    key: "actions",
    header: "Actions",
    className: "text-right",
    cell: (s) => (
      <ListRowActions>
        <EditSupplierDialog supplier={s} />
        <SupplierStatusButton supplier={s} />
      </ListRowActions>
    ),
  },
];

const STATUS_FETCHER = "supplier-status";

/**
 * Toasts a deactivation or reactivation once it is saved; lives on the page, because a row
 * leaves a filtered list when its status changes.
 */
export function useSupplierStatusToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: STATUS_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

function SupplierStatusButton({ supplier }: { supplier: SupplierRow }) {
  const fetcher = useFetcher<FormActionResult>({ key: STATUS_FETCHER });
  const label = `${supplier.active ? "Deactivate" : "Reactivate"} ${supplier.name}`;
  return (
    <fetcher.Form method="post" action="/admin/suppliers">
      <input type="hidden" name="intent" value={supplier.active ? "deactivate" : "reactivate"} />
      <input type="hidden" name="id" value={supplier.id} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={label}
        title={label}
        disabled={fetcher.state !== "idle"}
      >
        {supplier.active ? <PowerOff className="text-destructive" /> : <Power />}
      </Button>
    </fetcher.Form>
  );
}
