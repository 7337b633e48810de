import { Badge } from "~/components/admin/ui/badge";
import { STOCK_STATUS_LABELS, type StockStatus } from "~/domain/inventory/stock-status";

const VARIANTS = {
  in_stock: "default",
  low_stock: "outline",
  out_of_stock: "destructive",
} as const;

/** A level's status as the specification names it: In Stock, Low Stock, Out of Stock. */
export function StockStatusBadge({ status }: { status: StockStatus }) {
  return (
    <Badge variant={VARIANTS[status]} data-status={status}>
      {STOCK_STATUS_LABELS[status]}
    </Badge>
  );
}
