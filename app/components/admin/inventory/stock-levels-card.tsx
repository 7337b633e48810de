import { Badge } from "~/components/admin/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import type { StockCard } from "~/domain/inventory/get-stock-card.server";
import { StockStatusBadge } from "./stock-status-badge";
import { ThresholdForm } from "./threshold-form";

/** The variant's level in each warehouse, each with its threshold form. */
export function StockLevelsCard({ levels }: { levels: StockCard["levels"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Stock by warehouse</CardTitle>
      </CardHeader>
      <CardContent>
        {levels.length === 0 ? (
          <p className="text-sm text-muted-foreground" role="status">
            No warehouse has held this size yet. Receive or adjust stock to start.
          </p>
        ) : (
          <Table stacked aria-label="Stock by warehouse">
            <TableHeader>
              <TableRow>
                <TableHead>Warehouse</TableHead>
                <TableHead className="text-right">On Hand</TableHead>
                <TableHead className="text-right">Reserved</TableHead>
                <TableHead className="text-right">Available</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Low-stock threshold</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {levels.map((level) => (
                <TableRow key={level.warehouseId} data-testid="stock-level">
                  <TableCell data-card="title" className="font-medium">
                    {level.warehouse}
                    {!level.warehouseActive && (
                      <Badge variant="outline" className="ml-2">
                        Inactive
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell data-label="On Hand" className="text-right">
                    {level.onHand}
                  </TableCell>
                  <TableCell data-label="Reserved" className="text-right">
                    {level.reserved}
                  </TableCell>
                  <TableCell data-label="Available" className="text-right font-medium">
                    {level.available}
                  </TableCell>
                  <TableCell data-label="Status">
                    <StockStatusBadge status={level.status} />
                  </TableCell>
                  <TableCell data-label="Low-stock threshold" className="text-right">
                    <ThresholdForm
                      warehouseId={level.warehouseId}
                      warehouse={level.warehouse}
                      threshold={level.lowStockThreshold}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
