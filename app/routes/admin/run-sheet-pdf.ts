import { renderRunSheetPdf } from "~/domain/delivery/run-sheet.server";
import { loaded } from "~/lib/actions.server";
import { pdfResponse } from "~/lib/pdf-response.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/run-sheet-pdf";

/** /admin/deliveries/runs/:id/sheet: a run's stops in order as a PDF (run-2026-12-01-3.pdf). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const runId = idParam(params.id);
  return pdfResponse(await loaded(() => renderRunSheetPdf({ runId })));
}
