import { exportOrders, ORDER_EXPORT_HEADER } from "~/domain/orders/list-orders.server";
import { ORDER_LIST } from "~/domain/orders/order-list";
import { requireStaff } from "~/lib/staff-gate.server";
import { csvResponse } from "~/lib/csv.server";
import { shopToday } from "~/lib/dates";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/orders-export";

/** /admin/orders/export: the orders the list's search and filter show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(ORDER_LIST, readSearchParams(request));
  // The day in the shop's zone: after 22:00 UTC it is already tomorrow in Johannesburg.
  const day = shopToday();
  return csvResponse({
    filename: `orders-${day}.csv`,
    header: ORDER_EXPORT_HEADER,
    rows: exportOrders(params),
  });
}
