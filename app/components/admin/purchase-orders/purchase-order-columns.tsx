import { Link } from "react-router";
import type { ListColumn } from "~/components/admin/list/list-table";
import { formatDay } from "~/lib/dates";
import type { PurchaseOrderStatus } from "~/domain/purchasing/purchase-order-status";
import { PurchaseOrderStatusBadge } from "./purchase-order-status-badge";

export type PurchaseOrderRow = {
  id: number;
  poNumber: string;
  supplier: string;
  orderDate: string;
  expectedDate: string | null;
  items: number;
  totalQuantity: number;
  status: PurchaseOrderStatus;
  createdBy: string | null;
};

/** The specification's columns: PO number, supplier, dates, items, quantity, status, who, view. */
export const PURCHASE_ORDER_COLUMNS: ListColumn<PurchaseOrderRow>[] = [
  {
    key: "number",
    header: "PO Number",
    sortable: true,
    className: "font-medium whitespace-nowrap",
    cell: (o) => o.poNumber,
  },
  { key: "supplier", header: "Supplier", sortable: true, cell: (o) => o.supplier },
  {
    key: "orderDate",
    header: "Order Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (o) => formatDay(o.orderDate),
  },
  {
    key: "expectedDate",
    header: "Expected Date",
    sortable: true,
    className: "whitespace-nowrap",
    cell: (o) =>
      formatDay(o.expectedDate) || <span className="text-muted-foreground">Not set</span>,
  },
  { key: "items", header: "Items", className: "text-right", cell: (o) => o.items },
  {
    key: "totalQuantity",
    header: "Total Quantity",
    className: "text-right",
    cell: (o) => o.totalQuantity,
  },
  { key: "status", header: "Status", cell: (o) => <PurchaseOrderStatusBadge status={o.status} /> },
  {
    key: "createdBy",
    header: "Created By",
    cell: (o) => o.createdBy ?? <span className="text-muted-foreground">A former colleague</span>,
  },
  {
    key: "view",
    header: "Actions",
    className: "text-right",
    cell: (o) => (
      <Link
        to={`/admin/purchase-orders/${o.id}`}
        className="font-medium whitespace-nowrap text-primary hover:underline"
        aria-label={`View details of ${o.poNumber}`}
      >
        View Details
      </Link>
    ),
  },
];
