import { CUSTOMER_LIST } from "~/domain/customers/customer-list";
import {
  CUSTOMER_EXPORT_HEADER,
  exportCustomers,
  recordCustomerExport,
} from "~/domain/customers/list-customers.server";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/customers-export";

/** /admin/customers/export: the customers the list's search and filters show, as a CSV download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireStaff(request);
  const params = readListParams(CUSTOMER_LIST, readSearchParams(request));
  // Everyone's name, e-mail and phone leave the shop in this file: who took it, and which.
  await recordCustomerExport({ actor, params, clientAddress: context.clientAddress });
  return csvResponse({
    filename: `customers-${new Date().toISOString().slice(0, 10)}.csv`,
    header: CUSTOMER_EXPORT_HEADER,
    rows: exportCustomers({ params }),
  });
}
