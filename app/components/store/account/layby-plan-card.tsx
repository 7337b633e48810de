import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { LaybyPlanView } from "~/domain/layby/plan-view.server";
import type { PaymentMethod } from "~/domain/orders/totals";
import { formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { LaybyScheduleTable } from "~/components/store/layby-schedule-table";
import { instalmentLabel } from "~/domain/layby/schedule";
import { PayForm } from "./pay-form";

const money = (cents: number) => formatMoney(cents, { cents: true });

const STATE_LABELS = { paid: "Paid", due: "Due", overdue: "Overdue" } as const;

function StateBadge({ state, part }: { state: keyof typeof STATE_LABELS; part: boolean }) {
  return (
    <Badge variant={state === "paid" ? "default" : state === "overdue" ? "destructive" : "outline"}>
      {part ? `Part paid, ${STATE_LABELS[state].toLowerCase()}` : STATE_LABELS[state]}
    </Badge>
  );
}
const PLAN_LABELS = {
  awaiting_deposit: "Waiting for the deposit",
  active: "Active",
  completed: "Paid in full",
  cancelled: "Cancelled",
} as const;

/** Whether the shopper may still cancel the plan (s62(4)): before it is paid in full. */
export const cancellable = (plan: Pick<LaybyPlanView, "status">) =>
  plan.status === "awaiting_deposit" || plan.status === "active";

/**
 * A lay-by plan on the shopper's order pages: each payment with its due day and whether it is
 * paid, due or overdue; "Pay next instalment"; and "Cancel lay-by", which first shows what the
 * cancellation would cost and asks to confirm.
 */
export function LaybyPlanCard({
  plan,
  methods,
  currentMethod,
  payError,
  cancel,
}: {
  plan: LaybyPlanView;
  methods: PaymentMethod[];
  currentMethod: PaymentMethod;
  payError?: string;
  cancel: {
    /** The page with the confirm step open, and the page without it. */
    href: string;
    backHref: string;
    /** The calculation a cancellation now would make; shown when confirming. */
    preview: string[] | null;
    error?: string;
  };
}) {
  const navigation = useNavigation();
  const cancelling = navigation.formData?.get("intent") === "cancel-layby";
  const next = plan.next;
  return (
    <Card className="mt-6 p-5" role="region" aria-labelledby="layby-plan-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="layby-plan-title" className="text-lg font-semibold">
          Lay-by plan
        </h2>
        <Badge variant={plan.status === "cancelled" ? "destructive" : "secondary"}>
          {PLAN_LABELS[plan.status]}
        </Badge>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">
        Paid so far {money(plan.paidCents)}; still to pay {money(plan.leftCents)}. We keep your
        goods for you until the last payment, then deliver them.
      </p>
      <LaybyScheduleTable
        className="mt-4"
        payments={plan.instalments}
        caption="Lay-by payments"
        showPaid
        state={{
          header: "Status",
          cell: (i) => <StateBadge state={i.state} part={i.state !== "paid" && i.paidCents > 0} />,
        }}
      />
      {plan.status === "cancelled" && plan.refundCents !== null ? (
        <p className="mt-3 text-sm">
          Cancelled: {money(plan.refundCents + (plan.interestCents ?? 0))} is refunded to you
          {plan.chargeCents ? ` (cancellation charge ${money(plan.chargeCents)}, invoiced)` : ""}
          {plan.interestCents ? ` (with ${money(plan.interestCents)} interest)` : ""}.
        </p>
      ) : null}
      {next && methods.length > 0 ? (
        <PayForm
          methods={methods}
          current={currentMethod}
          error={payError}
          legend={`${instalmentLabel(next.number)}: ${
            next.paidCents > 0
              ? `${money(next.leftCents)} left of ${money(next.amountCents)}`
              : money(next.amountCents)
          }, due ${formatDay(next.dueDay)}`}
          button={next.number === 0 ? "Pay deposit" : "Pay next instalment"}
        />
      ) : null}
      {cancellable(plan) ? (
        cancel.preview ? (
          <Form
            method="post"
            className="mt-4 rounded-lg border border-destructive/40 p-4"
            aria-labelledby="layby-cancel-title"
          >
            <input type="hidden" name="intent" value="cancel-layby" />
            <h3 id="layby-cancel-title" className="font-semibold">
              Cancel this lay-by?
            </h3>
            <ul className="mt-2 space-y-1 text-sm">
              {cancel.preview.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-2 text-sm">
              The order is cancelled and the goods go back on sale. This cannot be undone.
            </p>
            {cancel.error ? (
              <p role="alert" className="mt-2 text-sm text-destructive">
                {cancel.error}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              <Button type="submit" variant="destructive" disabled={cancelling}>
                {cancelling ? "Cancelling..." : "Yes, cancel my lay-by"}
              </Button>
              <Link to={cancel.backHref} className={buttonVariants({ variant: "outline" })}>
                Keep my lay-by
              </Link>
            </div>
          </Form>
        ) : (
          <p className="mt-4">
            <Link
              to={cancel.href}
              className="text-sm font-medium text-destructive underline underline-offset-2"
            >
              Cancel lay-by
            </Link>
          </p>
        )
      ) : null}
    </Card>
  );
}
