import { Link } from "react-router";
import type { ListColumn } from "~/components/admin/list/list-table";
import type { InvoiceListStatus } from "~/domain/invoicing/invoice-status";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { InvoiceStatusBadge } from "./invoice-status-badge";

export type InvoiceRow = {
  id: number;
  invoiceNumber: string;
  orderNumber: number | null;
  customer: string;
  issueDate: string;
  dueDate: string | null;
  totalCents: number;
  status: InvoiceListStatus;
};

/** The specification's columns: number, order, customer, dates, amount, status, View, Download. */
export const INVOICE_COLUMNS: ListColumn<InvoiceRow>[] = [
  {
    key: "number",
    header: "Invoice Number",
    sortable: true,
    className: "font-medium whitespace-nowrap",
    cell: (i) => i.invoiceNumber,
  },
  {
    key: "order",
    header: "Order",
    cell: (i) =>
      i.orderNumber ? (
        <Link to={`/admin/orders/${i.orderNumber}`} className="text-primary hover:underline">
          #{i.orderNumber}
        </Link>
      ) : (
        <span className="text-muted-foreground">None</span>
      ),
  },
  { key: "customer", header: "Customer", sortable: true, cell: (i) => i.customer },
  {
    key: "issueDate",
    header: "Issue Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (i) => formatDay(i.issueDate),
  },
  {
    key: "dueDate",
    header: "Due Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (i) => formatDay(i.dueDate) || <span className="text-muted-foreground">None</span>,
  },
  {
    key: "amount",
    header: "Amount",
    sortable: true,
    className: "text-right whitespace-nowrap",
    cell: (i) => formatMoney(i.totalCents, { cents: true }),
  },
  { key: "status", header: "Status", cell: (i) => <InvoiceStatusBadge status={i.status} /> },
  {
    key: "actions",
    header: "Actions",
    className: "text-right whitespace-nowrap",
    cell: (i) => (
      <span className="inline-flex gap-3">
        <Link
          to={`/admin/invoices/${i.id}`}
          className="font-medium text-primary hover:underline"
          aria-label={`View ${i.invoiceNumber}`}
        >
          View
        </Link>
        <a
          href={`/admin/invoices/${i.id}/pdf`}
          download
          className="font-medium text-primary hover:underline"
          aria-label={`Download ${i.invoiceNumber} as PDF`}
        >
          Download
        </a>
      </span>
    ),
  },
];
