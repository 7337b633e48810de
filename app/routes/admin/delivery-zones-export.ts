import { ZONE_LIST } from "~/domain/delivery/zone-list";
import { exportZones, ZONE_EXPORT_HEADER } from "~/domain/delivery/zones-list.server";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/delivery-zones-export";

/** /admin/delivery-zones/export: the zones the list's search and filter show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(ZONE_LIST, readSearchParams(request));
  return csvResponse({
    filename: `delivery-zones-${new Date().toISOString().slice(0, 10)}.csv`,
    header: ZONE_EXPORT_HEADER,
    rows: exportZones({ params }),
  });
}
