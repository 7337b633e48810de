import {
  CalendarDays,
  ChevronLeft,
  ChevronRight,
  PackageCheck,
  Route as RouteIcon,
  Truck,
} from "lucide-react";
import { useEffect } from "react";
import { Form, Link, useNavigate } from "react-router";
import { useBookingToasts } from "~/components/admin/delivery/booking-dialog";
import { dayColumns } from "~/components/admin/delivery/delivery-columns";
import { failedVisitColumns } from "~/components/admin/delivery/failed-visit-columns";
import { DeliveryTabs } from "~/components/admin/delivery/delivery-tabs";
import { NewRunDialog, RunCard, useRunToasts } from "~/components/admin/delivery/run-cards";
import { ListTable } from "~/components/admin/list/list-table";
import { StatCard } from "~/components/admin/stat-card";
import { Button, buttonVariants } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { Input, Label } from "~/components/admin/ui/input";
import { formatLongDay } from "~/domain/delivery/day-names";
import { DAY_VIEW_LIST, DAY_VIEW_PARAMS } from "~/domain/delivery/day-view-list";
import { deliveryDayPage } from "~/domain/delivery/delivery-day-page.server";
import { addDays, isCalendarDay, shopToday } from "~/lib/dates";
import { readForm, readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { deliveryAction } from "./delivery-action.server";
import type { Route } from "./+types/deliveries";

export const meta: Route.MetaFunction = () => [{ title: "Deliveries | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const asked = readSearchParams(request).get("day") ?? "";
  const today = shopToday();
  const day = isCalendarDay(asked) ? asked : today;
  return { day, today, ...(await deliveryDayPage({ day })) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  return deliveryAction({ intent: formData.get("intent"), formData, actor });
}

const dayLink = (day: string) => `/admin/deliveries?day=${day}`;

/** "[" and "]" step a day back and forward, unless the keys are typed into a field. */
function useDayKeys(previous: string, next: string) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (target?.closest("input, textarea, select, [contenteditable], [role=dialog]")) return;
      if (event.key === "[") void navigate(dayLink(previous));
      if (event.key === "]") void navigate(dayLink(next));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, previous, next]);
}

export default function DeliveriesPage({ loaderData: d }: Route.ComponentProps) {
  useBookingToasts();
  useRunToasts();
  const previous = addDays(d.day, -1);
  const next = addDays(d.day, 1);
  useDayKeys(previous, next);
  const booked = d.zones.reduce((n, z) => n + z.bookings.length, 0);
  const onRuns = d.runs.reduce((n, r) => n + r.stops.length, 0);
  const going = d.zones.filter((z) => z.bookings.length > 0).length;
  const free = d.zones.reduce((n, z) => n + Math.max(0, z.dropsPerDay - z.bookings.length), 0);
  const stepClass = buttonVariants({ variant: "outline", size: "sm" });
  return (
    <div className="space-y-6">
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Deliveries</p>
          <h1 className="text-2xl font-bold">Deliveries by Day</h1>
          <p className="text-muted-foreground">
            The truck&apos;s deliveries on a day, run by run and zone by zone, and how many of each
            zone&apos;s drops are taken.
          </p>
        </div>
        <DeliveryTabs toBook={d.toBook} />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <Link
          to={dayLink(previous)}
          className={stepClass}
          aria-keyshortcuts="["
          title="Previous day ([)"
        >
          <ChevronLeft aria-hidden /> Previous day
        </Link>
        <Form method="get" className="flex items-end gap-2">
          <div className="space-y-1.5">
            <Label htmlFor="delivery-day">Day</Label>
            <Input
              id="delivery-day"
              type="date"
              name="day"
              defaultValue={d.day}
              key={d.day}
              className="w-44"
            />
          </div>
          <Button type="submit" variant="outline" size="sm">
            Show
          </Button>
        </Form>
        <Link to={dayLink(next)} className={stepClass} aria-keyshortcuts="]" title="Next day (])">
          Next day <ChevronRight aria-hidden />
        </Link>
        {d.day !== d.today ? (
          <Link to="/admin/deliveries" className={stepClass}>
            Today
          </Link>
        ) : null}
      </div>
      <h2 className="text-xl font-semibold" data-testid="delivery-day">
        {formatLongDay(d.day)}
        {d.day === d.today ? " (today)" : ""}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          index={0}
          title="Deliveries"
          value={booked}
          note={d.failed.length > 0 ? `${d.failed.length} not delivered` : undefined}
          icon={Truck}
        />
        <StatCard index={1} title="Zones Going" value={going} icon={CalendarDays} />
        <StatCard
          index={2}
          title="Drops Free"
          value={free}
          note="In the active zones"
          icon={PackageCheck}
        />
        <StatCard
          index={3}
          title="Not on a Run"
          value={booked - onRuns}
          note={`${d.runs.length} run${d.runs.length === 1 ? "" : "s"}`}
          icon={RouteIcon}
        />
      </div>
      <section aria-labelledby="runs-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="runs-heading" className="text-lg font-semibold">
            Runs
          </h2>
          <NewRunDialog day={d.day} drivers={d.drivers} />
        </div>
        {d.runs.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No run on this day yet: a run is one truck and one driver.
          </p>
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {d.runs.map((run) => (
              <RunCard key={run.runId} run={run} day={d.day} />
            ))}
          </div>
        )}
      </section>
      {d.failed.length > 0 ? (
        <section aria-labelledby="not-delivered-heading" className="space-y-3">
          <h2 id="not-delivered-heading" className="text-lg font-semibold">
            Not delivered
          </h2>
          <p className="text-sm text-muted-foreground">
            Visits the driver could not make this day. Each order is back in To book.
          </p>
          <Card>
            <CardContent className="pt-6">
              <ListTable
                spec={DAY_VIEW_LIST}
                params={DAY_VIEW_PARAMS}
                columns={failedVisitColumns()}
                rows={d.failed}
                rowKey={(v) => v.proofId}
                rowTestId="failed-visit-row"
                label="Not delivered"
                empty={null}
              />
            </CardContent>
          </Card>
        </section>
      ) : null}
      <h2 className="text-lg font-semibold">By zone</h2>
      {d.zones.length === 0 ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          No delivery zone is active: add one under Zones.
        </p>
      ) : null}
      {d.zones.map((zone) => (
        <Card key={zone.zoneId} data-testid="delivery-zone">
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
            <CardTitle>{zone.zoneName}</CardTitle>
            <p className="text-sm text-muted-foreground" data-testid="drops-used">
              {zone.bookings.length} of {zone.dropsPerDay} drops
              {zone.active ? "" : " (zone inactive)"}
            </p>
          </CardHeader>
          <CardContent>
            <ListTable
              spec={DAY_VIEW_LIST}
              params={DAY_VIEW_PARAMS}
              columns={dayColumns(d.choices[zone.zoneId], d.day, d.runs)}
              rows={zone.bookings}
              rowKey={(b) => b.orderNumber}
              rowTestId="delivery-row"
              label={`${zone.zoneName} deliveries`}
              empty={<p className="text-sm text-muted-foreground">Nothing booked in this zone.</p>}
            />
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
