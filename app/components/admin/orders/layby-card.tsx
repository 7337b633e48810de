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
import type { AwaitingRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import {
  CHARGE_RULES,
  CHARGE_RULE_LABELS,
  chargeBasisWords,
  chargeWords,
  type ChargeRule,
} from "~/domain/layby/cancellation";
import type { AdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { cancelLaybySchema, showroomPaymentSchema } from "~/domain/layby/staff-schemas";
import { formatDateTime, formatDay } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney, MONEY_INPUT } from "~/lib/money";
import { FetcherToasts, LAYBY_FETCHERS } from "./layby-fetchers";
import { LaybyRefunds } from "./layby-refunds";

const money = (cents: number) => formatMoney(cents, { cents: true });

const CANCEL_REASONS: Record<string, string> = {
  shopper: "at the shopper's request",
  staff: "by staff",
  lapsed: "unpaid 60 business days after its last due day",
  unpaid_deposit: "the deposit was not paid in time",
};

/**
 * The admin order page's lay-by section: the plan's schedule with what was paid of each
 * instalment and what is left, the payments received and how, "Record showroom payment" for
 * any amount up to what is owed, "Cancel lay-by" with its calculation shown
 * before it is confirmed, and its refunds with the forms to record them (`awaiting`: its
 * refunds' open parts, as the order page lists them).
 */
export function LaybyCard({
  plan,
  awaiting,
  pageResult,
}: {
  plan: AdminLaybyPlan;
  awaiting: AwaitingRefundPart[];
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
        <CardContent className="@container space-y-6">
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <dt className="text-muted-foreground">Paid so far</dt>
            <dd data-testid="layby-paid">
              {money(plan.paidCents)} of {money(plan.totalCents)}
            </dd>
            <dt className="text-muted-foreground">Cancellation charge agreed</dt>
            <dd>
              {chargeBasisWords(plan.goods, plan.chargeBasisPoints)} (not delivery or add-ons)
            </dd>
            <dt className="text-muted-foreground">Last due day</dt>
            <dd>{formatDay(plan.endDay)}</dd>
            <dt className="text-muted-foreground">Lapses after</dt>
            <dd>{formatDay(plan.lapseDay)} (60 business days later)</dd>
          </dl>
          {/* In a box under 672 px (a phone, a tablet beside the menu) each payment is a labelled
              block: the table would scroll sideways. */}
          <ul className="space-y-2 text-sm @2xl:hidden" aria-label="Lay-by schedule">
            {plan.instalments.map((i) => (
              <li key={i.id} className="rounded-md border p-3" data-testid="layby-instalment">
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium">
                    {instalmentLabel(i.number)}, due {formatDay(i.dueDay)}
                  </span>
                  <InstalmentBadge instalment={i} />
                </p>
                <p>
                  {money(i.amountCents)}: paid {money(i.paidCents)}, left{" "}
                  <span data-testid="layby-instalment-left">{money(i.leftCents)}</span>
                </p>
              </li>
            ))}
          </ul>
          <Table aria-label="Lay-by schedule" className="@max-2xl:hidden">
            <TableHeader>
              <TableRow>
                <TableHead>Payment</TableHead>
                <TableHead>Due</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead className="text-right">Paid</TableHead>
                <TableHead className="text-right">Left</TableHead>
                <TableHead>State</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {plan.instalments.map((i) => (
                <TableRow key={i.id} data-testid="layby-instalment">
                  <TableCell>{instalmentLabel(i.number)}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatDay(i.dueDay)}</TableCell>
                  <TableCell className="text-right">{money(i.amountCents)}</TableCell>
                  <TableCell className="text-right">{money(i.paidCents)}</TableCell>
                  <TableCell className="text-right" data-testid="layby-instalment-left">
                    {money(i.leftCents)}
                  </TableCell>
                  <TableCell>
                    <InstalmentBadge instalment={i} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {plan.received.length > 0 && (
            <ul className="space-y-2 text-sm @2xl:hidden" aria-label="Lay-by payments received">
              {plan.received.map((r) => (
                <li key={r.id} className="rounded-md border p-3" data-testid="layby-received">
                  {formatDateTime(r.receivedAt)}: {money(r.amountCents)}, {r.how}
                </li>
              ))}
            </ul>
          )}
          {plan.received.length > 0 && (
            <Table aria-label="Lay-by payments received" className="@max-2xl:hidden">
              <TableHeader>
                <TableRow>
                  <TableHead>Received</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>How</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {plan.received.map((r) => (
                  <TableRow key={r.id} data-testid="layby-received">
                    <TableCell className="whitespace-nowrap">
                      {formatDateTime(r.receivedAt)}
                    </TableCell>
                    <TableCell className="text-right">{money(r.amountCents)}</TableCell>
                    <TableCell className="text-sm">{r.how}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {plan.next && (
            <ShowroomPaymentForm
              next={plan.next}
              owedCents={plan.owedCents}
              pageResult={pageResult}
            />
          )}
          {plan.cancellation && (
            <CancelLaybyForm quotes={plan.cancellation} pageResult={pageResult} />
          )}
          {plan.status === "cancelled" && (
            <div className="space-y-3 text-sm">
              <p data-testid="layby-cancelled">
                Cancelled {CANCEL_REASONS[plan.cancelReason ?? ""] ?? ""}:{" "}
                {chargeWords(plan.chargeRule, plan.chargeCents ?? 0)}, refund{" "}
                {money(plan.refundCents ?? 0)}
                {(plan.interestCents ?? 0) > 0 &&
                  ` with ${money(plan.interestCents ?? 0)} interest (s62(3))`}
                .
                {(plan.chargeCents ?? 0) > 0 &&
                  " The charge kept is invoiced: the order's invoice above."}
              </p>
              <LaybyRefunds parts={plan.refunds} awaiting={awaiting} pageResult={pageResult} />
            </div>
          )}
          {plan.status !== "cancelled" && plan.refunds.length > 0 && (
            <div className="space-y-3 text-sm">
              <p>Money received that the shop cannot keep, to pay back:</p>
              <LaybyRefunds parts={plan.refunds} awaiting={awaiting} pageResult={pageResult} />
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** An instalment's state: paid, part paid, overdue (part paid or not), or due. */
function InstalmentBadge({
  instalment: i,
}: {
  instalment: Pick<AdminLaybyPlan["instalments"][number], "paidAt" | "overdue" | "paidCents">;
}) {
  if (i.paidAt) return <Badge variant="default">Paid</Badge>;
  if (i.overdue) {
    return (
      <Badge variant="destructive">{i.paidCents > 0 ? "Part paid, overdue" : "Overdue"}</Badge>
    );
  }
  if (i.paidCents > 0) return <Badge variant="outline">Part paid</Badge>;
  return <Badge variant="secondary">Due</Badge>;
}

function ShowroomPaymentForm({
  next,
  owedCents,
  pageResult,
}: {
  next: NonNullable<AdminLaybyPlan["next"]>;
  owedCents: number;
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
      {/* What the plan owed when this form was shown: a second send of it records nothing. */}
      <input type="hidden" name="owedCents" value={owedCents} />
      <p className="text-sm text-muted-foreground" data-testid="layby-next">
        Still owed: {money(owedCents)}. Next: {instalmentLabel(next.number).toLowerCase()},{" "}
        {next.paidCents > 0
          ? `${money(next.leftCents)} left of ${money(next.amountCents)}`
          : money(next.amountCents)}
        , due {formatDay(next.dueDay)}. Any amount up to what is owed pays the instalments in order.
      </p>
      <div className="grid max-w-xl gap-3 sm:grid-cols-2">
        <Field
          name="amount"
          label="Amount received (R)"
          {...MONEY_INPUT}
          defaultValue={form.values.amount ?? ""}
          error={form.errors.amount}
          onEdit={form.clearError}
        />
        <Field
          name="receiptReference"
          label="Till receipt reference"
          defaultValue={form.values.receiptReference ?? ""}
          error={form.errors.receiptReference}
          onEdit={form.clearError}
        />
      </div>
      {form.errors.owedCents && <p className="text-sm text-destructive">{form.errors.owedCents}</p>}
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? "Recording..." : "Record payment"}
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
  const [rule, setRule] = useState<ChargeRule | null>(null);
  const quote = rule ? quotes[rule] : null;
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
        <fieldset className="space-y-2" aria-describedby="layby-charge-rule-error">
          <legend className="text-sm font-medium">Why is it cancelled?</legend>
          {CHARGE_RULES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="chargeRule"
                value={value}
                checked={rule === value}
                onChange={() => {
                  setRule(value);
                  form.clearError("chargeRule");
                }}
              />
              {CHARGE_RULE_LABELS[value]}
            </label>
          ))}
          {form.errors.chargeRule && (
            <p id="layby-charge-rule-error" className="text-sm text-destructive">
              {form.errors.chargeRule}
            </p>
          )}
        </fieldset>
        <div className="rounded-md bg-muted p-3 text-sm" aria-live="polite">
          <p className="font-medium">The calculation the shopper is e-mailed:</p>
          {quote ? (
            <ul className="mt-1 space-y-0.5" data-testid="layby-calculation">
              {quote.explanation.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-muted-foreground">Choose why, to see it.</p>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          The goods are released; online payments are paid back through their provider, what was
          paid at the showroom is listed for a cash refund.
        </p>
        <Button type="submit" variant="destructive" disabled={form.submitting}>
          {form.submitting
            ? "Cancelling..."
            : quote
              ? `Cancel lay-by and refund ${money(quote.refundCents + quote.interestCents)}`
              : "Cancel lay-by"}
        </Button>
      </form.fetcher.Form>
    </details>
  );
}
