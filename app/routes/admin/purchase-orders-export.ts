import {
  exportPurchaseOrders,
  PURCHASE_ORDER_EXPORT_HEADER,
} from "~/domain/purchasing/purchase-order-list.server";
import { PURCHASE_ORDER_LIST } from "~/domain/purchasing/purchase-order-list";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/purchase-orders-export";

/** /admin/purchase-orders/export: the purchase orders the list shows, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(PURCHASE_ORDER_LIST, readSearchParams(request));
  const day = new Date().toISOString().slice(0, 10);
  return csvResponse({
    filename: `purchase-orders-${day}.csv`,
    header: PURCHASE_ORDER_EXPORT_HEADER,
    rows: exportPurchaseOrders({ params }),
  });
}
