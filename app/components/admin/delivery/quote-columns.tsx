import { Link } from "react-router";
import { ListRowActions, type ListColumn } from "~/components/admin/list/list-table";
import type { QuoteRow } from "~/domain/delivery/quote-list";
import { provinceName } from "~/lib/provinces";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

/** The orders awaiting a delivery quote; "Quote" opens the order page's quote form. */
export function quoteColumns(): ListColumn<QuoteRow>[] {
  return [
    {
      key: "number",
      header: "Order",
      sortable: true,
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
      key: "where",
      header: "Deliver to",
      cell: (r) =>
        [r.suburb, `${r.town} ${r.postalCode}`.trim(), r.province ? provinceName(r.province) : ""]
          .filter(Boolean)
          .join(", "),
    },
    { key: "items", header: "Items", className: "tabular-nums", cell: (r) => r.items },
    {
      key: "placed",
      header: "Placed",
      sortable: true,
      className: "whitespace-nowrap",
      cell: (r) => formatDateTime(r.placedAt),
    },
    {
      key: "total",
      header: "Goods",
      sortable: true,
      className: "tabular-nums whitespace-nowrap",
      cell: (r) => formatMoney(r.totalCents, { cents: true }),
    },
    {
      key: "actions",
      header: "Actions",
      className: "text-right",
      cell: (r) => (
        <ListRowActions>
          <Link
            to={`/admin/orders/${r.orderNumber}#delivery-quote`}
            className="text-sm font-medium text-primary hover:underline"
            aria-label={`Quote delivery for order #${r.orderNumber}`}
          >
            Quote
          </Link>
        </ListRowActions>
      ),
    },
  ];
}
