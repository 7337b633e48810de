import { renderCreditNotePdf } from "~/domain/invoicing/credit-note-document.server";
import { loaded } from "~/lib/actions.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/credit-note-pdf";

/** /admin/credit-notes/:id/pdf: a credit note as a PDF download (CN-000001.pdf). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const creditNoteId = idParam(params.id);
  return pdfResponse(await loaded(() => renderCreditNotePdf({ creditNoteId })));
}
