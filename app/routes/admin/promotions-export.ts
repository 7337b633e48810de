import { PROMOTION_LIST } from "~/domain/promotions/promotion-list";
import {
  exportPromotions,
  PROMOTION_EXPORT_HEADER,
} from "~/domain/promotions/promotions-list.server";
import { csvResponse } from "~/lib/csv.server";
import { shopToday } from "~/lib/dates";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/promotions-export";

/** /admin/promotions/export: the promotions the list's search and filter show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(PROMOTION_LIST, readSearchParams(request));
  return csvResponse({
    filename: `promotions-${shopToday()}.csv`,
    header: PROMOTION_EXPORT_HEADER,
    rows: exportPromotions({ params }),
  });
}
