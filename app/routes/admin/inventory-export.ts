import { INVENTORY_LIST } from "~/domain/inventory/inventory-list";
import { exportInventory, INVENTORY_EXPORT_HEADER } from "~/domain/inventory/list-inventory.server";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/inventory-export";

/** /admin/inventory/export: the stock levels the list's search and filters show, as a CSV. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(INVENTORY_LIST, readSearchParams(request));
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse({
    filename: `inventory-${day}.csv`,
    header: INVENTORY_EXPORT_HEADER,
    rows: exportInventory({ params }),
  });
}
