import { Field, SelectField } from "~/components/admin/field";
import { StatusBadge } from "~/components/admin/status-badge";
import { Button } from "~/components/admin/ui/button";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { askAgainSchema, recordRefundPartSchema } from "~/domain/invoicing/awaiting-refund-schemas";
import type { AwaitingRefundPart } from "~/domain/invoicing/recheck-refunds.server";
import { PROVIDER_NAMES } from "~/domain/payments/provider";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { FetcherToasts } from "./layby-fetchers";

const money = (cents: number) => formatMoney(cents, { cents: true });
const providerName = (part: AwaitingRefundPart) =>
  part.provider ? PROVIDER_NAMES[part.provider] : "by hand";

/**
 * A refund of any kind still open (its provider has not said whether it paid, refused a part,
 * or it is money owed back that staff pay back through the provider or by hand): its parts,
 * "Ask the provider again" (or "Pay it back through the provider" for a part not asked yet),
 * and a form per open part to record what staff found in the provider's records or paid back
 * themselves.
 */
export function AwaitingRefund({
  parts,
  pageResult,
}: {
  parts: AwaitingRefundPart[];
  pageResult?: FormActionResult;
}) {
  const refundIds = [...new Set(parts.map((p) => p.refundId))];
  if (refundIds.length === 0) return null;
  return (
    <section aria-label="Refunds awaiting an answer" className="space-y-3">
      {refundIds.map((refundId) => (
        <div
          key={refundId}
          className="space-y-2 rounded-md border p-3"
          data-testid="refund-awaiting"
        >
          <FetcherToasts fetcherKey={`refund-ask-${refundId}`} />
          {parts.find((p) => p.refundId === refundId)?.kind === "payment" && (
            <p className="font-medium">{parts.find((p) => p.refundId === refundId)?.why}</p>
          )}
          <ul className="space-y-3">
            {parts
              .filter((p) => p.refundId === refundId)
              .map((part) => (
                <li key={part.partId} className="space-y-2" data-testid="refund-part">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{money(part.amountCents)}</span>
                    <span>
                      {part.method === "hand" ? "by hand" : `through ${providerName(part)}`}
                    </span>
                    <StatusBadge status={part.status} />
                    {part.reference && (
                      <span className="text-muted-foreground">({part.reference})</span>
                    )}
                  </div>
                  {part.failure && <p className="text-muted-foreground">{part.failure}</p>}
                  <FetcherToasts fetcherKey={`refund-part-${part.partId}`} />
                  {part.status !== "paid" && <RecordPartForm part={part} pageResult={pageResult} />}
                </li>
              ))}
          </ul>
          {parts.some(
            (p) => p.refundId === refundId && p.method === "provider" && p.status !== "paid",
          ) && (
            <AskAgainForm
              refundId={refundId}
              notAsked={parts.some(
                (p) => p.refundId === refundId && p.method === "provider" && p.status === "pending",
              )}
              pageResult={pageResult}
            />
          )}
        </div>
      ))}
    </section>
  );
}

function AskAgainForm({
  refundId,
  notAsked,
  pageResult,
}: {
  refundId: number;
  /** A part not asked yet: the button pays it back through its provider. */
  notAsked: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: askAgainSchema,
    pageResult,
    fetcherKey: `refund-ask-${refundId}`,
    toasts: false,
  });
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="refund-ask-again" />
      <input type="hidden" name="refundId" value={refundId} />
      <Button type="submit" variant="outline" disabled={form.submitting}>
        {form.submitting
          ? "Asking..."
          : notAsked
            ? "Pay it back through the provider"
            : "Ask the provider again"}
      </Button>
    </form.fetcher.Form>
  );
}

function RecordPartForm({
  part,
  pageResult,
}: {
  part: AwaitingRefundPart;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: recordRefundPartSchema,
    pageResult,
    fetcherKey: `refund-part-${part.partId}`,
    toasts: false,
  });
  const own = form.values.partId === String(part.partId);
  const errors = form.fetcher.data || own ? form.errors : {};
  return (
    <form.fetcher.Form
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      aria-label={`Record what became of ${money(part.amountCents)}`}
      className="flex flex-wrap items-end gap-2"
    >
      <input type="hidden" name="intent" value="refund-record-part" />
      <input type="hidden" name="refundId" value={part.refundId} />
      <input type="hidden" name="partId" value={part.partId} />
      <div className="w-64">
        <SelectField
          id={`refund-part-outcome-${part.partId}`}
          name="outcome"
          label="What became of it"
          defaultValue={own ? (form.values.outcome ?? "") : ""}
          error={errors.outcome}
          onEdit={form.clearError}
        >
          <option value="">Choose...</option>
          {part.provider && (
            <option value="paid_by_provider">{PROVIDER_NAMES[part.provider]} paid it back</option>
          )}
          <option value="paid_by_hand">The shop paid it back by hand</option>
          {part.provider && (
            <option value="not_paid">{PROVIDER_NAMES[part.provider]} did not pay it back</option>
          )}
        </SelectField>
      </div>
      <div className="w-56">
        <Field
          id={`refund-part-reference-${part.partId}`}
          name="reference"
          label="Reference"
          hint="The provider's refund id, or the EFT's or till's reference."
          defaultValue={own ? (form.values.reference ?? "") : ""}
          error={errors.reference}
          onEdit={form.clearError}
        />
      </div>
      <Button type="submit" variant="outline" disabled={form.submitting}>
        {form.submitting ? "Saving..." : "Record"}
      </Button>
    </form.fetcher.Form>
  );
}
