import { data } from "react-router";
import { PeriodForm } from "~/components/admin/reports/period-form";
import { QuickReports } from "~/components/admin/reports/quick-reports";
import { ReportCards } from "~/components/admin/reports/report-cards";
import { RevenueChart } from "~/components/admin/reports/revenue-chart";
import { TopProductsChart } from "~/components/admin/reports/top-products-chart";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { getReport, periodFor } from "~/domain/reports/get-report.server";
import { QUICK_REPORT_KEYS, QUICK_REPORTS } from "~/domain/reports/report-exports.server";
import { bucketLabel, PERIOD_LABELS } from "~/domain/reports/report-period";
import { reportQuerySchema } from "~/domain/reports/report-schemas";
import { weeklyReportsOn } from "~/domain/reports/send-weekly-reports.server";
import { formatDateTime } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => [{ title: "Reports | Admin" }];

/**
 * /admin/reports?period=this-month (or period=custom&from=...&to=...): the shop's figures for a
 * period in its time zone, against the previous period of the same length, with the quick
 * reports' CSV links for the same period. Owner and staff alike (decision 022).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const raw = Object.fromEntries(readSearchParams(request));
  const values = { period: raw.period ?? "this-month", from: raw.from ?? "", to: raw.to ?? "" };
  const weeklyOn = weeklyReportsOn({ userId: user.id });
  const parsed = parseForm(reportQuerySchema, raw);
  if (!parsed.ok) {
    return data(
      { values, errors: parsed.fieldErrors, view: null, weeklyOn: await weeklyOn },
      { status: 400 },
    );
  }
  const period = await periodFor(parsed.data);
  const report = await getReport(period);
  const query = new URLSearchParams({ period: period.key });
  if (period.key === "custom") {
    query.set("from", period.firstDay);
    query.set("to", period.lastDay);
  }
  return {
    values,
    errors: {} as Record<string, string>,
    weeklyOn: await weeklyOn,
    view: {
      report,
      label: PERIOD_LABELS[period.key],
      timeZone: period.timeZone,
      span: { start: period.start, end: period.end },
      previous: { start: period.previousStart, end: period.previousEnd },
      points: report.revenueSeries.map((p) => ({
        ...p,
        label: bucketLabel(p.bucket, period.bucket),
      })),
      bucket: period.bucket,
      quickReports: QUICK_REPORT_KEYS.map((key) => ({
        key,
        title: QUICK_REPORTS[key].title,
        description: QUICK_REPORTS[key].description,
        href: `/admin/reports/export/${key}?${query}`,
      })),
    },
  };
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { values, errors, view, weeklyOn } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Reports</h1>
        <p className="text-muted-foreground">
          The shop&apos;s figures for a period, against the previous period of the same length.
        </p>
      </div>
      <PeriodForm values={values} errors={errors} />
      {view ? (
        <>
          <p className="text-sm text-muted-foreground" data-testid="report-span">
            {view.label}: {formatDateTime(view.span.start)} to {formatDateTime(view.span.end)} (
            {view.timeZone}), compared with {formatDateTime(view.previous.start)} to{" "}
            {formatDateTime(view.previous.end)}.
          </p>
          <ReportCards report={view.report} />
          <div className="grid gap-4 xl:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle className="text-base">
                  Revenue by {view.bucket === "day" ? "day" : "month"}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <RevenueChart
                  points={view.points}
                  title={`Revenue by ${view.bucket === "day" ? "day" : "month"}, ${view.label.toLowerCase()}`}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle className="text-base">Top products by revenue</CardTitle>
              </CardHeader>
              <CardContent>
                <TopProductsChart
                  products={view.report.products.byRevenue}
                  title={`Top products by revenue, ${view.label.toLowerCase()}`}
                />
              </CardContent>
            </Card>
          </div>
          <QuickReports reports={view.quickReports} weeklyOn={weeklyOn} />
        </>
      ) : (
        <p role="alert" className="text-sm">
          Correct the dates above to see the report.
        </p>
      )}
    </div>
  );
}
