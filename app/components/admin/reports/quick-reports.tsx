import { Download, Mail } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/admin/ui/badge";
import { buttonVariants } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { cn } from "~/lib/cn";

export type QuickReportEntry = {
  key: string;
  title: string;
  description: string;
  href: string;
};

/**
 * The specification's quick reports, with badges that say what is true: "Live" for a CSV worked
 * out from the database at the moment it is downloaded, "Scheduled" for the weekly e-mail.
 */
export function QuickReports({
  reports,
  weeklyOn,
}: {
  reports: QuickReportEntry[];
  weeklyOn: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Quick Reports</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Quick reports">
          {reports.map((r) => (
            <li key={r.key} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">
                  {r.title}{" "}
                  <Badge
                    variant="secondary"
                    title="Computed from the shop's data when you download it"
                  >
                    Live
                  </Badge>
                </p>
                <p className="text-sm text-muted-foreground">{r.description}</p>
              </div>
              <a
                href={r.href}
                download
                className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
                aria-label={`Download CSV: ${r.title}`}
              >
                <Download className="size-4" aria-hidden />
                Download CSV
              </a>
            </li>
          ))}
          <li className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                Weekly Report E-mail <Badge variant="outline">Scheduled</Badge>
              </p>
              <p className="text-sm text-muted-foreground">
                Last week&apos;s figures, every Monday at 07:00 in the shop&apos;s time zone.{" "}
                {weeklyOn ? "You receive it." : "You do not receive it yet."}
              </p>
            </div>
            <Link
              to="/admin/settings/notifications"
              className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
            >
              <Mail className="size-4" aria-hidden />
              {weeklyOn ? "Notification settings" : "Switch it on"}
            </Link>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
