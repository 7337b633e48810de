import { data } from "react-router";
import { periodFor } from "~/domain/reports/get-report.server";
import {
  isQuickReportKey,
  QUICK_REPORT_HEADERS,
  QUICK_REPORTS,
  quickReportRows,
} from "~/domain/reports/report-exports.server";
import { reportQuerySchema } from "~/domain/reports/report-schemas";
import { csvResponse } from "~/lib/csv.server";
import { parseForm } from "~/lib/forms";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/reports-export";

/**
 * /admin/reports/export/:report?period=...: a quick report as a CSV download, computed from the
 * database as it is downloaded (the page's "Live" badge) and streamed a batch at a time.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const key = params.report;
  if (!isQuickReportKey(key)) throw data(null, { status: 404 });
  const parsed = parseForm(reportQuerySchema, Object.fromEntries(readSearchParams(request)));
  if (!parsed.ok) {
    return new Response(Object.values(parsed.fieldErrors).join("\n"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const period = await periodFor(parsed.data);
  const span = QUICK_REPORTS[key].usesPeriod
    ? `${period.firstDay}-to-${period.lastDay}`
    : `${period.lastDay}`;
  return csvResponse({
    filename: `${key}-${span}.csv`,
    header: QUICK_REPORT_HEADERS[key],
    rows: quickReportRows(key, period),
  });
}
