import { CUSTOMER_LIST } from "~/domain/customers/customer-list";
import { CUSTOMER_EXPORT_HEADER, exportCustomers } from "~/domain/customers/list-customers.server";
import { csvResponse } from "~/lib/csv.server";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/customers-export";

/** /admin/customers/export: the customers the list's search and filters show, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(CUSTOMER_LIST, readSearchParams(request));
  return csvResponse({
    filename: `customers-${new Date().toISOString().slice(0, 10)}.csv`,
    header: CUSTOMER_EXPORT_HEADER,
    rows: exportCustomers({ params }),
  });
}
