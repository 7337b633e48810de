import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { AddWarehouseDialog } from "~/components/admin/warehouses/add-warehouse-dialog";
import { WarehousesTable } from "~/components/admin/warehouses/warehouses-table";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { listWarehouses } from "~/domain/inventory/list-warehouses.server";
import { warehouseAction } from "./warehouse-action.server";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inventory-warehouses";

export const meta: Route.MetaFunction = () => [{ title: "Warehouses | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { warehouses: await listWarehouses(), canManage: user.role === "owner" };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  return warehouseAction({ actor, formData: await readForm(request) });
}

export default function WarehousesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { warehouses, canManage } = loaderData;
  const posted =
    actionData && !actionData.ok
      ? {
          intent: actionData.values.intent ?? "",
          warehouseId: actionData.values.warehouseId ?? "",
          result: actionData,
        }
      : undefined;
  return (
    <div className="space-y-6">
      <Link
        to="/admin/inventory"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Inventory
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Warehouses</h1>
          <p className="text-muted-foreground">
            Where stock is kept. The storefront sells the stock of active warehouses that sell
            online; a warehouse can be deactivated once it holds no stock.
          </p>
        </div>
        {canManage && <AddWarehouseDialog />}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Warehouses ({warehouses.length})</CardTitle>
        </CardHeader>
        <CardContent>
          <WarehousesTable warehouses={warehouses} canManage={canManage} posted={posted} />
          {!canManage && (
            <p className="mt-4 text-sm text-muted-foreground">
              Only the owner adds warehouses, decides which sell online and deactivates them.
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
