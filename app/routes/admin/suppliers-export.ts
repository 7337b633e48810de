import { SUPPLIER_LIST } from "~/domain/purchasing/supplier-list";
import { exportSuppliers, SUPPLIER_EXPORT_HEADER } from "~/domain/purchasing/suppliers-list.server";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/suppliers-export";

/** /admin/suppliers/export: the suppliers the list's search and filter show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(SUPPLIER_LIST, readSearchParams(request));
  return csvResponse({
    filename: `suppliers-${new Date().toISOString().slice(0, 10)}.csv`,
    header: SUPPLIER_EXPORT_HEADER,
    rows: exportSuppliers({ params }),
  });
}
