import { Field } from "~/components/admin/field";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/admin/ui/button";
import { useAdminForm } from "~/components/admin/use-admin-form";
import type { AdminLaybyPlan } from "~/domain/layby/get-admin-plan.server";
import { refundPaidSchema } from "~/domain/layby/staff-schemas";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { FetcherToasts, LAYBY_FETCHERS } from "./layby-fetchers";

const money = (cents: number) => formatMoney(cents, { cents: true });

type Refund = AdminLaybyPlan["refunds"][number];

/** A cancelled plan's refunds; cash and failed ones get "Mark cash refund paid". */
export function LaybyRefunds({
  refunds,
  pageResult,
}: {
  refunds: Refund[];
  pageResult?: FormActionResult;
}) {
  if (refunds.length === 0) return <p className="text-muted-foreground">Nothing to refund.</p>;
  return (
    <ul className="space-y-3" aria-label="Lay-by refunds">
      {refunds.map((r) => (
        <li key={r.id} className="space-y-2 rounded-md border p-3" data-testid="layby-refund">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{money(r.amountCents)}</span>
            <span>{r.method === "cash" ? "in cash at the showroom" : "through the provider"}</span>
            <StatusBadge status={r.status} />
            {r.reference && <span className="text-muted-foreground">({r.reference})</span>}
          </div>
          {r.failure && <p className="text-destructive">{r.failure}</p>}
          <FetcherToasts fetcherKey={`${LAYBY_FETCHERS.refundPaid}-${r.id}`} />
          {r.toPayOut && <RefundPaidForm refund={r} pageResult={pageResult} />}
        </li>
      ))}
    </ul>
  );
}

function RefundPaidForm({ refund, pageResult }: { refund: Refund; pageResult?: FormActionResult }) {
  const form = useAdminForm({
    schema: refundPaidSchema,
    pageResult,
    fetcherKey: `${LAYBY_FETCHERS.refundPaid}-${refund.id}`,
    toasts: false,
  });
  const ownResult = form.values.refundId === String(refund.id);
  const fieldId = `payout-reference-${refund.id}`;
  return (
    <form.fetcher.Form
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      aria-label={`Mark ${money(refund.amountCents)} refund paid`}
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value="layby-refund-paid" />
      <input type="hidden" name="refundId" value={refund.id} />
      <div className="w-56">
        <Field
          id={fieldId}
          name="payoutReference"
          label="Pay-out reference"
          hint="The cash slip or EFT reference."
          defaultValue={ownResult ? (form.values.payoutReference ?? "") : ""}
          error={form.fetcher.data || ownResult ? form.errors.payoutReference : undefined}
          onEdit={form.clearError}
        />
      </div>
      <Button type="submit" variant="outline" disabled={form.submitting}>
        {form.submitting ? "Saving..." : "Mark cash refund paid"}
      </Button>
    </form.fetcher.Form>
  );
}
