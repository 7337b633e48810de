import { Badge } from "~/components/admin/ui/badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import type { WarehouseSummary } from "~/domain/inventory/list-warehouses.server";
import type { FormActionResult } from "~/lib/forms";
import { formatCount } from "~/lib/numbers";
import { RenameWarehouseDialog } from "./rename-warehouse-dialog";
import { WarehouseActionButton } from "./warehouse-action-button";

/** The page's answer to a form posted without JavaScript, for the form that sent it. */
export type PostedResult = { intent: string; warehouseId: string; result: FormActionResult };

export function WarehousesTable({
  warehouses,
  canManage,
  posted,
}: {
  warehouses: WarehouseSummary[];
  /** The owner's buttons: sell online or not, deactivate, reactivate. */
  canManage: boolean;
  posted?: PostedResult;
}) {
  const resultFor = (id: number, intent: string) =>
    posted && posted.warehouseId === String(id) && posted.intent === intent
      ? posted.result
      : undefined;
  return (
    <Table stacked aria-label="Warehouses">
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          <TableHead>Code</TableHead>
          <TableHead>Sells online</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Units on hand</TableHead>
          <TableHead className="text-right">Variants held</TableHead>
          <TableHead>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {warehouses.map((w) => (
          <TableRow key={w.id} data-testid="warehouse-row">
            <TableCell data-card="title" className="font-medium">
              <span data-testid="warehouse-name">{w.name}</span>
              {w.isDefault && (
                <Badge variant="outline" className="ml-2">
                  Default
                </Badge>
              )}
            </TableCell>
            <TableCell data-label="Code">
              <code className="text-sm">{w.code}</code>
            </TableCell>
            <TableCell data-label="Sells online">{w.sellsOnline ? "Yes" : "No"}</TableCell>
            <TableCell data-label="Status">
              <Badge variant={w.active ? "default" : "secondary"}>
                {w.active ? "Active" : "Inactive"}
              </Badge>
            </TableCell>
            <TableCell data-label="Units on hand" className="text-right tabular-nums">
              {formatCount(w.onHand)}
              {w.reserved > 0 && (
                <span className="block text-xs text-muted-foreground">
                  {formatCount(w.reserved)} reserved
                </span>
              )}
            </TableCell>
            <TableCell data-label="Variants held" className="text-right tabular-nums">
              {formatCount(w.variantsHeld)}
            </TableCell>
            <TableCell data-card="actions">
              <div className="flex flex-wrap items-start gap-2">
                <RenameWarehouseDialog warehouse={w} />
                {canManage && (
                  <WarehouseActionButton
                    warehouseId={w.id}
                    intent="sells-online"
                    fields={{ sellsOnline: String(!w.sellsOnline) }}
                    pageResult={resultFor(w.id, "sells-online")}
                  >
                    {w.sellsOnline ? "Stop selling online" : "Sell online"}
                    <span className="sr-only"> from {w.name}</span>
                  </WarehouseActionButton>
                )}
                {canManage && (
                  <WarehouseActionButton
                    warehouseId={w.id}
                    intent={w.active ? "deactivate" : "reactivate"}
                    variant={w.active ? "destructive" : "outline"}
                    pageResult={resultFor(w.id, w.active ? "deactivate" : "reactivate")}
                  >
                    {w.active ? "Deactivate" : "Reactivate"}
                    <span className="sr-only"> {w.name}</span>
                  </WarehouseActionButton>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
