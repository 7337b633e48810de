import { useEffect, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { DriverStopCard } from "~/components/admin/delivery/driver-stop-card";
import { keptProofs, sendKeptProofs } from "~/components/admin/delivery/proof-outbox";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { Badge } from "~/components/admin/ui/badge";
import { Button, buttonVariants } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { formatLongDay } from "~/domain/delivery/day-names";
import { driverRuns, type DriverRun } from "~/domain/delivery/driver-runs.server";
import { startRunSchema } from "~/domain/delivery/proof-schemas";
import { shopToday } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { driverAction } from "./driver-action.server";
import type { Route } from "./+types/my-run";

export const meta: Route.MetaFunction = () => [{ title: "My Run | Admin" }];

/** /admin/deliveries/my-run: today's runs on the driver's phone, the signed-in driver's first. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const day = shopToday();
  const runs = await driverRuns({ day, driverId: user.id });
  // Each form's proof key, made before its first send so a send repeated is recorded once.
  const proofKeys = Object.fromEntries(
    runs.flatMap((run) =>
      run.stops.map((stop) => [
        stop.orderNumber,
        { delivered: crypto.randomUUID(), notDelivered: crypto.randomUUID() },
      ]),
    ),
  );
  return { day, runs, proofKeys };
}

/** Start run by the page's fetcher; without the page's script, a stop's proof form too. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  return driverAction({ intent: formData.get("intent"), formData, actor });
}

/** Sends the proofs kept on this phone now, and whenever it comes back online. */
function useKeptProofs() {
  const revalidator = useRevalidator();
  const [kept, setKept] = useState<Set<string>>(new Set());
  useEffect(() => {
    let sending = false;
    const send = async () => {
      if (sending) return;
      sending = true;
      try {
        const answered = await sendKeptProofs();
        for (const { order, result } of answered) {
          if (result.ok) {
            notify.success(result.message.title, { description: result.message.description });
          } else {
            notify.error(`Order #${order}: ${result.alert.title}`, {
              description: result.alert.description,
            });
          }
        }
        setKept(new Set((await keptProofs()).map((p) => p.order)));
        if (answered.length > 0) await revalidator.revalidate();
      } catch {
        // No storage on this phone (a private window): nothing was kept to send.
      } finally {
        sending = false;
      }
    };
    void send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
    // The revalidator changes with every navigation; the listener needs only its latest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return kept;
}

/** Start run's fetcher, shared with the page: the button leaves the page once the run is out. */
const START_FETCHER = "driver-start-run";

function useStartToasts() {
  const fetcher = useFetcher<FormActionResult>({ key: START_FETCHER });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

function StartRun({ run }: { run: DriverRun }) {
  const form = useAdminForm({ schema: startRunSchema, fetcherKey: START_FETCHER, toasts: false });
  return (
    <form method="post" ref={form.formRef} onSubmit={form.onSubmit}>
      <input type="hidden" name="intent" value="start-run" />
      <input type="hidden" name="run" value={run.id} />
      <Button type="submit" size="lg" className="w-full" disabled={form.submitting}>
        {form.submitting ? "Starting..." : `Start run: out for delivery (${run.toStart})`}
      </Button>
    </form>
  );
}

function RunCard({
  run,
  proofKeys,
  kept,
  pageResult,
}: {
  run: DriverRun;
  proofKeys: Record<string, { delivered: string; notDelivered: string }>;
  kept: Set<string>;
  pageResult?: FormActionResult;
}) {
  return (
    <Card data-testid="driver-run">
      <CardHeader className="space-y-1">
        <CardTitle className="flex flex-wrap items-center gap-2">
          {run.truck} <span className="text-muted-foreground">with {run.driverName}</span>
          {run.mine ? <Badge>Your run</Badge> : null}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {run.stops.length} stop{run.stops.length === 1 ? "" : "s"}
          {run.started ? " · started" : ""}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        {run.toStart > 0 ? <StartRun run={run} /> : null}
        {run.stops.length === 0 ? (
          <p className="text-sm text-muted-foreground">No stops on this run.</p>
        ) : (
          <ol className="space-y-4" aria-label={`Stops of ${run.truck}`}>
            {run.stops.map((stop, i) => (
              <DriverStopCard
                key={`${stop.orderNumber}-${stop.state}`}
                stop={stop}
                place={i + 1}
                proofKeys={proofKeys[stop.orderNumber] ?? { delivered: "", notDelivered: "" }}
                kept={kept.has(String(stop.orderNumber))}
                pageResult={pageResult}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

export default function MyRunPage({ loaderData: d, actionData }: Route.ComponentProps) {
  const kept = useKeptProofs();
  useStartToasts();
  const mine = d.runs.filter((r) => r.mine);
  const others = d.runs.filter((r) => !r.mine);
  const answer = actionData;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="space-y-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Deliveries</p>
          <h1 className="text-2xl font-bold">My Run Today</h1>
          <p className="text-muted-foreground">{formatLongDay(d.day)}</p>
        </div>
        {/* The section's tabs are small for a thumb: the phone's page links back with a big one. */}
        <Link
          to="/admin/deliveries"
          className={buttonVariants({ variant: "outline", className: "h-11" })}
        >
          All deliveries today
        </Link>
      </div>
      {answer ? (
        <p role="status" className="rounded-md border p-3 text-sm">
          <span className="font-medium">
            {answer.ok ? answer.message.title : answer.alert.title}:{" "}
          </span>
          {answer.ok ? answer.message.description : answer.alert.description}
        </p>
      ) : null}
      {mine.length === 0 ? (
        <p className="rounded-md border p-3 text-sm">
          You have no run today.{" "}
          {others.length > 0 ? "Today's other runs are below." : "No run is planned for today."}
        </p>
      ) : null}
      {mine.map((run) => (
        <RunCard
          key={run.id}
          run={run}
          proofKeys={d.proofKeys}
          kept={kept}
          pageResult={actionData}
        />
      ))}
      {others.length > 0 ? (
        <section aria-labelledby="other-runs" className="space-y-4">
          <h2 id="other-runs" className="text-lg font-semibold">
            Other runs today
          </h2>
          {others.map((run) => (
            <RunCard
              key={run.id}
              run={run}
              proofKeys={d.proofKeys}
              kept={kept}
              pageResult={actionData}
            />
          ))}
        </section>
      ) : null}
    </div>
  );
}
