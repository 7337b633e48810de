import { renderPurchaseOrderPdf } from "~/domain/purchasing/purchase-order-pdf.server";
import { loaded } from "~/lib/actions.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/purchase-order-pdf";

/** /admin/purchase-orders/:id/pdf: the purchase order as a PDF download (PO-0001.pdf). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const purchaseOrderId = idParam(params.id);
  const { pdf, filename } = await loaded(() => renderPurchaseOrderPdf({ purchaseOrderId }));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
    },
  });
}
