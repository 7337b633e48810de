import { ArrowDown, ArrowUp, FileDown, Plus, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Field, SelectField } from "~/components/admin/field";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button, buttonVariants } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { NativeSelect } from "~/components/admin/ui/input";
import type { DayRun } from "~/domain/delivery/day-runs.server";
import type { DayBooking } from "~/domain/delivery/delivery-day-view.server";
import { createRunSchema } from "~/domain/delivery/run-schemas";
import type { StopDirection } from "~/domain/delivery/stop-order";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { failedReason, NotDeliveredBadge } from "./failed-visit-columns";

/** One fetcher for the runs' forms: a stop taken off leaves the page, so the page toasts. */
const RUN_FETCHER = "delivery-run";

export function useRunToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: RUN_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

const postTo = (day: string) => `/admin/deliveries?day=${day}`;

/** "New run" on the day shown: a driver from the staff and the truck's name or registration. */
export function NewRunDialog({
  day,
  drivers,
}: {
  day: string;
  drivers: { id: string; name: string }[];
}) {
  return (
    <FormDialog
      trigger={
        <Button size="sm">
          <Plus aria-hidden /> New run
        </Button>
      }
      title="New delivery run"
      description="One truck and one driver for the day shown."
      action={postTo(day)}
      intent="create-run"
      schema={createRunSchema}
      submitLabel="Create Run"
      submittingLabel="Creating..."
    >
      {({ errors, clearError }) => (
        <>
          <input type="hidden" name="day" value={day} />
          <SelectField
            name="driver"
            label="Driver"
            error={errors.driver ?? errors.day}
            onEdit={clearError}
            defaultValue=""
          >
            <option value="">Choose a driver</option>
            {drivers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <Field
            name="truck"
            label="Truck"
            hint="A short name or the registration, such as ND 123-456."
            error={errors.truck}
            onEdit={clearError}
            maxLength={40}
            autoComplete="off"
          />
        </>
      )}
    </FormDialog>
  );
}

/** Up, down and off for one stop; after a move, focus stays on the stop's button. */
function StopControls({
  runId,
  day,
  orderNumber,
  first,
  last,
}: {
  runId: number;
  day: string;
  orderNumber: number;
  first: boolean;
  last: boolean;
}) {
  const fetcher = useFetcher<FormActionResult>({ key: RUN_FETCHER });
  const pending = useRef<StopDirection | null>(null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !pending.current) return;
    const wanted = pending.current;
    pending.current = null;
    const button = (direction: StopDirection) =>
      box.current?.querySelector<HTMLButtonElement>(`button[value="${direction}"]`);
    const target = button(wanted);
    (target && !target.disabled ? target : button(wanted === "up" ? "down" : "up"))?.focus();
  }, [fetcher.state]);
  const move = (direction: StopDirection, disabled: boolean) => (
    <Button
      type="submit"
      name="direction"
      value={direction}
      variant="outline"
      size="sm"
      disabled={disabled}
      aria-label={`Move order #${orderNumber} ${direction}`}
      onClick={() => (pending.current = direction)}
    >
      {direction === "up" ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
    </Button>
  );
  return (
    <div ref={box} className="flex shrink-0 gap-1">
      <fetcher.Form method="post" action={postTo(day)} className="flex gap-1">
        <input type="hidden" name="intent" value="move-stop" />
        <input type="hidden" name="run" value={runId} />
        <input type="hidden" name="order" value={orderNumber} />
        {move("up", first)}
        {move("down", last)}
      </fetcher.Form>
      <fetcher.Form method="post" action={postTo(day)}>
        <input type="hidden" name="intent" value="remove-stop" />
        <input type="hidden" name="run" value={runId} />
        <input type="hidden" name="order" value={orderNumber} />
        <Button
          type="submit"
          variant="outline"
          size="sm"
          aria-label={`Take order #${orderNumber} off the run`}
        >
          <X aria-hidden />
        </Button>
      </fetcher.Form>
    </div>
  );
}

/** A run: its truck and driver, the run sheet, its stops in order, then its missed visits. */
export function RunCard({ run, day }: { run: DayRun; day: string }) {
  return (
    <Card data-testid="delivery-run">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>
          {run.truck} · {run.driverName}
        </CardTitle>
        <a
          href={`/admin/deliveries/runs/${run.runId}/sheet`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          download
        >
          <FileDown aria-hidden /> Run sheet (PDF)
        </a>
      </CardHeader>
      <CardContent>
        {run.stops.length === 0 && run.failed.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No stops yet: put the day&apos;s deliveries on this run from the zones below.
          </p>
        ) : (
          <ol className="divide-y" aria-label={`Stops of ${run.truck}`}>
            {run.stops.map((stop, i) => (
              <li
                key={stop.orderNumber}
                data-testid="run-stop"
                className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium tabular-nums">{i + 1}.</span>{" "}
                  <a
                    href={`/admin/orders/${stop.orderNumber}`}
                    className="font-medium text-primary hover:underline"
                  >
                    #{stop.orderNumber}
                  </a>{" "}
                  {stop.customer || "N/A"} ·{" "}
                  {[stop.suburb, `${stop.town} ${stop.postalCode}`.trim()]
                    .filter(Boolean)
                    .join(", ")}{" "}
                  <a
                    href={`/admin/orders/${stop.orderNumber}/delivery-note`}
                    className="text-primary underline underline-offset-2"
                    download
                    aria-label={`Delivery note for order #${stop.orderNumber} (PDF)`}
                  >
                    Delivery note
                  </a>
                </span>
                <StopControls
                  runId={run.runId}
                  day={day}
                  orderNumber={stop.orderNumber}
                  first={i === 0}
                  last={i === run.stops.length - 1}
                />
              </li>
            ))}
          </ol>
        )}
        <FailedVisitList run={run} />
      </CardContent>
    </Card>
  );
}

/** After a run's live stops, the visits on it the driver could not make: marked, not movable. */
function FailedVisitList({ run }: { run: DayRun }) {
  if (run.failed.length === 0) return null;
  return (
    <ul className="divide-y border-t border-dashed" aria-label={`Not delivered on ${run.truck}`}>
      {run.failed.map((visit) => (
        <li
          key={visit.proofId}
          data-testid="run-failed-visit"
          className="flex flex-wrap items-center gap-2 py-2 text-sm"
        >
          <NotDeliveredBadge />
          <a
            href={`/admin/orders/${visit.orderNumber}`}
            className="font-medium text-primary hover:underline"
          >
            #{visit.orderNumber}
          </a>
          <span className="min-w-0">
            {visit.customer || "N/A"} · {failedReason(visit)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A booked delivery's run: its truck and place, or a choice of the day's runs to put it on. */
export function RunCell({
  booking,
  runs,
  day,
}: {
  booking: DayBooking;
  runs: Pick<DayRun, "runId" | "truck" | "driverName">[];
  day: string;
}) {
  const fetcher = useFetcher<FormActionResult>({ key: RUN_FETCHER });
  const on = runs.find((r) => r.runId === booking.runId);
  if (on) {
    return (
      <span className="whitespace-nowrap">
        {on.truck}, stop {booking.position}
      </span>
    );
  }
  if (runs.length === 0) return <span className="text-muted-foreground">No run yet</span>;
  const id = `run-for-${booking.orderNumber}`;
  return (
    <fetcher.Form method="post" action={postTo(day)} className="flex items-center gap-1">
      <input type="hidden" name="intent" value="add-stop" />
      <input type="hidden" name="order" value={booking.orderNumber} />
      <label htmlFor={id} className="sr-only">
        Run for order #{booking.orderNumber}
      </label>
      <NativeSelect id={id} name="run" className="h-9 w-32">
        {runs.map((r) => (
          <option key={r.runId} value={r.runId}>
            {r.truck} ({r.driverName})
          </option>
        ))}
      </NativeSelect>
      <Button
        type="submit"
        size="sm"
        variant="outline"
        aria-label={`Put on the run: order #${booking.orderNumber}`}
      >
        Put on
      </Button>
    </fetcher.Form>
  );
}
