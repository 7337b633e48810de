import { renderPurchaseOrderPdf } from "~/domain/purchasing/purchase-order-pdf.server";
import { loaded } from "~/lib/actions.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/purchase-order-pdf";

/** /admin/purchase-orders/:id/pdf: the purchase order as a PDF download (PO-0001.pdf). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const purchaseOrderId = idParam(params.id);
  return pdfResponse(await loaded(() => renderPurchaseOrderPdf({ purchaseOrderId })));
}
