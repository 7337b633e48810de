import { INVOICE_LIST } from "~/domain/invoicing/invoice-list";
import { exportInvoices, INVOICE_EXPORT_HEADER } from "~/domain/invoicing/list-invoices.server";
import { csvResponse } from "~/lib/csv.server";
import { shopToday } from "~/lib/dates";
import { readListParams } from "~/lib/list-params";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoices-export";

/** /admin/invoices/export: the invoices the list shows, as a CSV download. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(INVOICE_LIST, readSearchParams(request));
  // The day in the shop's zone: after 22:00 UTC it is already tomorrow in Johannesburg.
  const day = shopToday();
  return csvResponse({
    filename: `invoices-${day}.csv`,
    header: INVOICE_EXPORT_HEADER,
    rows: exportInvoices({ params }),
  });
}
