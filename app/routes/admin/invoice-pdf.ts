import { renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { loaded } from "~/lib/actions.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoice-pdf";

/** /admin/invoices/:id/pdf: the invoice as a PDF download (INV-000001.pdf). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const invoiceId = idParam(params.id);
  return pdfResponse(await loaded(() => renderInvoicePdf({ invoiceId })));
}
