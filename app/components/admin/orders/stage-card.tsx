import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { TextareaField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { cancelOrderSchema } from "~/domain/orders/cancel-schemas";
import { orderStageView, type StageFacts } from "~/domain/orders/order-stage-view";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { StageBadge } from "./stage-badge";
import { isRefundPreview, RefundConfirmation } from "./refund-confirmation";
import { PayBackFields } from "./refund-form";

/** The cancel form's fetcher, shared with the card that outlives it. */
const CANCEL_FETCHER = "order-cancel";

/** What staff can do next from an order's stage, with the words for when there is nothing. */
const STILL: Partial<Record<ReturnType<typeof orderStageView>["stage"], string>> = {
  layby:
    "This order is on lay-by: it goes to delivery once it is paid in full, and is cancelled in the lay-by section.",
  out_for_delivery:
    "Out for delivery: the driver records the visit on the run (delivered, or not and why).",
  delivered: "Delivered: goods that come back are refunded below, with their credit note.",
  cancelled: "Cancelled: nothing more to do.",
};

/**
 * The order's stage and what staff may do from it (docs/decisions/050): cancel an order
 * awaiting payment (its hold given back), cancel a paid one (the refund of everything paid is
 * previewed, then confirmed, through the one pay-back engine), or hand a paid order over
 * without a run (collected, or by courier).
 */
export function StageCard({
  facts,
  paidBack,
  pageResult,
}: {
  facts: StageFacts;
  /** For an order with money to pay back: its provider, when it can pay back now. */
  paidBack: { provider: { label: string } | null } | null;
  pageResult?: FormActionResult;
}) {
  const view = orderStageView(facts);
  const handOver = useAdminForm({}).fetcher;
  // The cancel form leaves the page once the order is cancelled: the card tells how it went.
  const cancelled = useFetcher<FormActionResult>({ key: CANCEL_FETCHER });
  useEffect(() => {
    const data = cancelled.data;
    if (cancelled.state !== "idle" || !data || isRefundPreview(data)) return;
    if (data.ok) notify.success(data.message.title, { description: data.message.description });
    else notify.error(data.alert.title, { description: data.alert.description });
  }, [cancelled.state, cancelled.data]);
  const cancellable = facts.status === "awaiting_payment" || facts.status === "to_deliver";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Status</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <StageBadge facts={facts} />
          <span className="font-medium" data-testid="order-stage">
            {view.title}
          </span>
        </p>
        {STILL[view.stage] && <p className="text-sm text-muted-foreground">{STILL[view.stage]}</p>}
        {facts.status === "to_deliver" && (
          <handOver.Form method="post" className="space-y-1">
            <input type="hidden" name="intent" value="mark-delivered" />
            <Button type="submit" variant="outline" disabled={handOver.state !== "idle"}>
              Mark delivered
            </Button>
            <p className="text-sm text-muted-foreground">
              Collected at the showroom, or delivered by a courier: no run needed.
            </p>
          </handOver.Form>
        )}
        {cancellable && <CancelForm paidBack={paidBack} pageResult={pageResult} />}
      </CardContent>
    </Card>
  );
}

function CancelForm({
  paidBack,
  pageResult,
}: {
  paidBack: { provider: { label: string } | null } | null;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    schema: cancelOrderSchema,
    pageResult,
    toasts: false,
    fetcherKey: CANCEL_FETCHER,
  });
  const { errors, clearError, result } = form;
  const [dismissed, setDismissed] = useState<unknown>(null);
  const [chosen, setMethod] = useState<"provider" | "eft" | null>(null);
  const confirming = isRefundPreview(result) && result !== dismissed ? result : null;
  const values = isRefundPreview(result) ? result.values : form.values;
  const method =
    chosen ??
    (values.method === "eft" || values.method === "provider"
      ? values.method
      : paidBack?.provider
        ? "provider"
        : "eft");
  return (
    <>
      {confirming && (
        <RefundConfirmation
          answer={confirming}
          Form={form.fetcher.Form}
          errors={errors}
          submitting={form.submitting}
          onBack={() => setDismissed(confirming)}
          onEdit={clearError}
          intent="cancel"
          title="Confirm the cancellation"
          after="The order is then cancelled, its stock given back and its delivery day freed."
        />
      )}
      <form.fetcher.Form
        ref={form.formRef}
        method="post"
        onSubmit={form.onSubmit}
        noValidate
        hidden={confirming !== null}
        className="space-y-3"
        aria-label="Cancel order"
      >
        <input type="hidden" name="intent" value={paidBack ? "cancel-preview" : "cancel"} />
        {paidBack && (
          <>
            <p className="text-sm text-muted-foreground">
              This order is paid: cancelling it pays back everything paid, with a credit note.
            </p>
            <TextareaField
              id="cancel-field-reason"
              name="reason"
              label="Reason (optional)"
              rows={2}
              maxLength={255}
              defaultValue={values.reason ?? ""}
              error={errors.reason}
              onEdit={clearError}
            />
            <PayBackFields
              idPrefix="cancel-"
              provider={paidBack.provider}
              method={method}
              onChoose={setMethod}
              values={values}
              errors={errors}
              clearError={clearError}
            />
          </>
        )}
        <Button type="submit" variant="destructive" disabled={form.submitting}>
          {paidBack ? "Cancel order and pay back" : "Cancel order"}
        </Button>
        {paidBack && (
          <p className="text-sm text-muted-foreground">
            Nothing is changed yet: the next step shows the amount and how it goes back.
          </p>
        )}
      </form.fetcher.Form>
    </>
  );
}
