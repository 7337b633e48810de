import { Link } from "react-router";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { formatMoney } from "~/lib/money";

type Line = {
  id: number;
  variantId: number;
  sku: string;
  title: string;
  size: string;
  ordered: number;
  received: number;
  remaining: number;
  unitCostCents: number;
  lineTotalCents: number;
};

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * The lines: ordered against received (and what is still to come), unit cost, line totals;
 * each SKU opens its stock card.
 */
export function PurchaseOrderLinesTable({
  lines,
  totals,
}: {
  lines: Line[];
  totals: { ordered: number; received: number; totalCents: number };
}) {
  return (
    <Table stacked aria-label="Lines">
      <TableHeader>
        <TableRow>
          <TableHead>Product</TableHead>
          <TableHead>SKU</TableHead>
          <TableHead className="text-right">Ordered</TableHead>
          <TableHead className="text-right">Received</TableHead>
          <TableHead className="text-right">Remaining</TableHead>
          <TableHead className="text-right">Unit cost</TableHead>
          <TableHead className="text-right">Line total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {lines.map((line) => (
          <TableRow key={line.id} data-testid="purchase-order-line-row">
            <TableCell data-card="title">
              {line.title} <span className="text-muted-foreground">· {line.size}</span>
            </TableCell>
            <TableCell data-label="SKU" className="font-mono text-xs">
              <Link
                to={`/admin/inventory/${line.variantId}`}
                className="text-primary hover:underline"
                aria-label={`Stock of ${line.sku}`}
              >
                {line.sku}
              </Link>
            </TableCell>
            <TableCell data-label="Ordered" className="text-right tabular-nums">
              {line.ordered}
            </TableCell>
            <TableCell data-label="Received" className="text-right tabular-nums">
              {line.received}
            </TableCell>
            <TableCell data-label="Remaining" className="text-right tabular-nums">
              {line.remaining}
            </TableCell>
            <TableCell data-label="Unit cost" className="text-right tabular-nums">
              {money(line.unitCostCents)}
            </TableCell>
            <TableCell data-label="Line total" className="text-right tabular-nums">
              {money(line.lineTotalCents)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
      <tfoot className="border-t">
        <TableRow>
          <TableCell data-card="title" colSpan={2} className="font-semibold">
            Total
          </TableCell>
          <TableCell data-label="Ordered" className="text-right font-semibold tabular-nums">
            {totals.ordered}
          </TableCell>
          <TableCell data-label="Received" className="text-right font-semibold tabular-nums">
            {totals.received}
          </TableCell>
          <TableCell data-label="Remaining" className="text-right font-semibold tabular-nums">
            {totals.ordered - totals.received}
          </TableCell>
          <TableCell data-card="hidden" />
          <TableCell data-label="Line total" className="text-right font-semibold tabular-nums">
            {money(totals.totalCents)}
          </TableCell>
        </TableRow>
      </tfoot>
    </Table>
  );
}
