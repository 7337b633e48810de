import { Link } from "react-router";
import { ListPagination } from "~/components/admin/list/list-pagination";
import { ListTable, type ListColumn } from "~/components/admin/list/list-table";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { MovementHistoryParams, StockCard } from "~/domain/inventory/get-stock-card.server";
import { MOVEMENT_HISTORY, MOVEMENT_KIND_LABELS } from "~/domain/inventory/stock-card";
import { formatDateTime } from "~/lib/dates";

type Movement = StockCard["history"]["rows"][number];

/** Where a movement came from: its order or purchase order as a link, else its own note. */
function Reference({ m }: { m: Movement }) {
  if (m.orderNumber !== null) {
    return (
      <Link to={`/admin/orders/${m.orderNumber}`} className="text-primary hover:underline">
        Order #{m.orderNumber}
      </Link>
    );
  }
  if (m.purchaseOrderId !== null) {
    return (
      <Link
        to={`/admin/purchase-orders/${m.purchaseOrderId}`}
        className="text-primary hover:underline"
      >
        {m.purchaseOrderNumber ?? "Purchase order"}
      </Link>
    );
  }
  return <>{m.reference}</>;
}

const COLUMNS: ListColumn<Movement>[] = [
  {
    key: "date",
    header: "When",
    className: "whitespace-nowrap",
    cell: (m) => formatDateTime(m.createdAt),
  },
  { key: "kind", header: "Movement", cell: (m) => MOVEMENT_KIND_LABELS[m.kind] },
  { key: "warehouse", header: "Warehouse", cell: (m) => m.warehouse },
  {
    key: "quantity",
    header: "Quantity",
    className: "text-right font-mono",
    cell: (m) => (m.quantity > 0 ? `+${m.quantity}` : `\u2212${-m.quantity}`),
  },
  { key: "actor", header: "By", className: "text-sm", cell: (m) => m.actor },
  { key: "reason", header: "Reason", className: "text-sm", cell: (m) => m.reason },
  { key: "reference", header: "Reference", className: "text-sm", cell: (m) => <Reference m={m} /> },
];

/** The variant's ledger, newest first, a page at a time. */
export function MovementHistoryCard({
  history,
  params,
}: {
  history: StockCard["history"];
  params: MovementHistoryParams;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stock history ({history.total})</CardTitle>
      </CardHeader>
      <CardContent>
        <ListTable
          spec={MOVEMENT_HISTORY}
          params={params}
          columns={COLUMNS}
          rows={history.rows}
          rowKey={(m) => m.id}
          label="Stock history"
          rowTestId="movement"
          empty={
            <ListEmpty
              title="No stock movements yet"
              description="Adjustments, receipts, transfers and sales of this size appear here."
            />
          }
        />
        <ListPagination
          spec={MOVEMENT_HISTORY}
          params={params}
          page={history.page}
          pageCount={history.pageCount}
          total={history.total}
          noun="movements"
        />
      </CardContent>
    </Card>
  );
}
