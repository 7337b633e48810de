import { Link } from "react-router";
import type { ListColumn } from "~/components/admin/list/list-table";
import { Badge } from "~/components/admin/ui/badge";
import { customerPath, type CustomerRow } from "~/domain/customers/customer-list";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/** "Account", "Account (unconfirmed)" or "Guest". */
export function customerKindLabel(c: Pick<CustomerRow, "kind" | "unconfirmed">) {
  if (c.kind === "guest") return "Guest";
  return c.unconfirmed ? "Account (unconfirmed)" : "Account";
}

export const CUSTOMER_COLUMNS: ListColumn<CustomerRow>[] = [
  {
    key: "name",
    header: "Name",
    sortable: true,
    className: "font-medium",
    cell: (c) => (
      <div className="space-y-1">
        <Link to={customerPath(c.ref)} className="underline-offset-4 hover:underline">
          {c.name || c.email}
        </Link>
        {c.tags.length ? (
          <div className="flex flex-wrap gap-1">
            {c.tags.map((t) => (
              <Badge key={t} variant="outline" className="font-normal">
                {t}
              </Badge>
            ))}
          </div>
        ) : null}
      </div>
    ),
  },
  { key: "email", header: "Email", sortable: true, cell: (c) => c.email },
  {
    key: "orders",
    header: "Orders",
    sortable: true,
    className: "text-right",
    cell: (c) => c.orders,
  },
  {
    key: "spent",
    header: "Net Spent",
    sortable: true,
    className: "text-right",
    cell: (c) => formatMoney(c.spentCents, { cents: true }),
  },
  {
    key: "lastOrder",
    header: "Last Order",
    sortable: true,
    cell: (c) =>
      c.lastOrderAt ? (
        formatDateTime(c.lastOrderAt)
      ) : (
        <span className="text-muted-foreground">None yet</span>
      ),
  },
  {
    key: "laybys",
    header: "Open Lay-bys",
    sortable: true,
    className: "text-right",
    cell: (c) => c.openLaybys,
  },
  {
    key: "kind",
    header: "Customer",
    sortable: true,
    cell: (c) => (
      <Badge variant={c.kind === "account" ? "default" : "secondary"}>{customerKindLabel(c)}</Badge>
    ),
  },
  {
    key: "consent",
    header: "Marketing",
    sortable: true,
    cell: (c) =>
      c.marketing ? "Agreed" : <span className="text-muted-foreground">No consent</span>,
  },
];
