import { instalmentLabel } from "~/domain/layby/schedule";
import { useState } from "react";
import { Field } from "~/components/admin/field";
import { StatusBadge } from "~/components/admin/status-badge";
import { Badge } from "~/components/admin/ui/badge";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { useAdminForm } from "~/components/admin/use-admin-form";
import type { AdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { cancelLaybySchema, showroomPaymentSchema } from "~/domain/layby/staff-schemas";
import { formatDay } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { FetcherToasts, LAYBY_FETCHERS } from "./layby-fetchers";
import { LaybyRefunds } from "./layby-refunds";

const money = (cents: number) => formatMoney(cents, { cents: true });
const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;

const CANCEL_REASONS: Record<string, string> = {
  shopper: "at the shopper's request",
  staff: "by staff",
  lapsed: "unpaid 60 business days after its last due day",
  unpaid_deposit: "the deposit was not paid in time",
};

/**
 * The admin order page's lay-by section: the plan's schedule and how each instalment was paid,
 * "Record showroom payment" for the next unpaid one, "Cancel lay-by" with its calculation shown
 * before it is confirmed, and a cancelled plan's refunds.
 */
export function LaybyCard({
  plan,
  pageResult,
}: {
  plan: AdminLaybyPlan;
  pageResult?: FormActionResult;
}) {
  return (
    <section aria-labelledby="layby-heading">
      {/* The forms leave the page once their change is saved (the plan moves on): the card,
          which stays, shows their notices. */}
      <FetcherToasts fetcherKey={LAYBY_FETCHERS.payment} />
      <FetcherToasts fetcherKey={LAYBY_FETCHERS.cancel} />
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center gap-3 space-y-0">
          <CardTitle id="layby-heading">Lay-by</CardTitle>
          <StatusBadge status={plan.status} />
        </CardHeader>
        <CardContent className="space-y-6">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <dt className="text-muted-foreground">Paid so far</dt>
            <dd data-testid="layby-paid">
              {money(plan.paidCents)} of {money(plan.totalCents)}
            </dd>
            <dt className="text-muted-foreground">Cancellation charge agreed</dt>
            <dd>{percent(plan.chargeBasisPoints)} of the full price</dd>
            <dt className="text-muted-foreground">Last due day</dt>
            <dd>{formatDay(plan.endDay)}</dd>
            <dt className="text-muted-foreground">Lapses after</dt>
            <dd>{formatDay(plan.lapseDay)} (60 business days later)</dd>
          </dl>
          <Table aria-label="Lay-by schedule">
            <TableHeader>
              <TableRow>
                <TableHead>Payment</TableHead>
                <TableHead>Due</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>State</TableHead>
                <TableHead>Paid by</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plan.instalments.map((i) => (
                <TableRow key={i.id} data-testid="layby-instalment">
                  <TableCell>{instalmentLabel(i.number)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDay(i.dueDay)}</TableCell>
                  <TableCell className="text-right">{money(i.amountCents)}</TableCell>
                  <TableCell>
                    {i.paidAt ? (
                      <Badge variant="default">Paid</Badge>
                    ) : i.overdue ? (
                      <Badge variant="destructive">Overdue</Badge>
                    ) : (
                      <Badge variant="secondary">Due</Badge>
                    )}
                  </TableCell>
                  <TableCell className="text-sm">{i.paidBy ?? ""}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {plan.next && <ShowroomPaymentForm next={plan.next} pageResult={pageResult} />}
          {plan.cancellation && (
            <CancelLaybyForm quotes={plan.cancellation} pageResult={pageResult} />
          )}
          {plan.status === "cancelled" && (
            <div className="space-y-3 text-sm">
              <p>
                Cancelled {CANCEL_REASONS[plan.cancelReason ?? ""] ?? ""}:{" "}
                {plan.chargeWaived
                  ? "no charge (hospitalisation or death)"
                  : `charge ${money(plan.chargeCents ?? 0)}`}
                , refund {money(plan.refundCents ?? 0)}.
              </p>
              <LaybyRefunds refunds={plan.refunds} pageResult={pageResult} />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

function ShowroomPaymentForm({
  next,
  pageResult,
}: {
  next: NonNullable<AdminLaybyPlan["next"]>;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: showroomPaymentSchema,
    pageResult,
    resetOnSuccess: true,
    fetcherKey: LAYBY_FETCHERS.payment,
    toasts: false,
  });
  return (
    <form.fetcher.Form
      ref={form.formRef}
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="showroom-payment-heading"
      className="space-y-3 rounded-md border p-4"
    >
      <h4 id="showroom-payment-heading" className="font-medium">
        Record showroom payment
      </h4>
      <input type="hidden" name="intent" value="layby-payment" />
      <input type="hidden" name="number" value={next.number} />
      <p className="text-sm text-muted-foreground">
        Next: {instalmentLabel(next.number).toLowerCase()} of {money(next.amountCents)}, due{" "}
        {formatDay(next.dueDay)}.
      </p>
      <div className="max-w-xs">
        <Field
          name="receiptReference"
          label="Till receipt reference"
          defaultValue={form.values.receiptReference ?? ""}
          error={form.errors.receiptReference}
          onEdit={form.clearError}
        />
      </div>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Recording..." : `Record ${money(next.amountCents)} paid`}
      </Button>
    </form.fetcher.Form>
  );
}

function CancelLaybyForm({
  quotes,
  pageResult,
}: {
  quotes: NonNullable<AdminLaybyPlan["cancellation"]>;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: cancelLaybySchema,
    pageResult,
    fetcherKey: LAYBY_FETCHERS.cancel,
    toasts: false,
  });
  const [waived, setWaived] = useState(false);
  const quote = waived ? quotes.waived : quotes.charged;
  return (
    <details className="rounded-md border p-4">
      <summary className="cursor-pointer font-medium">Cancel lay-by</summary>
      <form.fetcher.Form
        method="post"
        onSubmit={form.onSubmit}
        noValidate
        aria-label="Cancel lay-by"
        className="mt-3 space-y-3"
      >
        <input type="hidden" name="intent" value="layby-cancel" />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="waived"
            checked={waived}
            onChange={(event) => setWaived(event.currentTarget.checked)}
          />
          Hospitalisation or death: no cancellation charge (CPA s62(5)(a))
        </label>
        <div className="rounded-md bg-muted p-3 text-sm" aria-live="polite">
          <p className="font-medium">The calculation the shopper is e-mailed:</p>
          <ul className="mt-1 space-y-0.5" data-testid="layby-calculation">
            {quote.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-muted-foreground">
          The goods are released; online payments are paid back through their provider, what was
          paid at the showroom is listed for a cash refund.
        </p>
        <Button type="submit" variant="destructive" disabled={form.submitting}>
          {form.submitting
            ? "Cancelling..."
            : `Cancel lay-by and refund ${money(quote.refundCents)}`}
        </Button>
      </form.fetcher.Form>
    </details>
  );
}
