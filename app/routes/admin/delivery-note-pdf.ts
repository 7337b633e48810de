import { renderDeliveryNotePdf } from "~/domain/delivery/delivery-note.server";
import { loaded } from "~/lib/actions.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/delivery-note-pdf";

/** /admin/orders/:number/delivery-note: the order's delivery note as a PDF (DN-1042.pdf). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const orderNumber = idParam(params.number);
  return pdfResponse(await loaded(() => renderDeliveryNotePdf({ orderNumber })));
}
