import { useEffect, useState } from "react";
import { Field, TextareaField } from "~/components/admin/field";
import { GiveBackLines } from "~/components/admin/give-back-lines";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import type { RefundOptions } from "~/domain/invoicing/refund-options.server";
import { refundFormSchema } from "~/domain/invoicing/refund-schemas";
import type { FormActionResult, FormAlert } from "~/lib/forms";
import { formatMoney, MONEY_INPUT } from "~/lib/money";
import { notify } from "~/lib/notify";
import { isRefundPreview, RefundConfirmation } from "./refund-confirmation";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Refund: how many of each invoice line come back, or an amount; why; and how the money goes
 * back (the provider that took it, or an EFT by the shop with its reference). The form first
 * asks for a preview (nothing saved), then staff confirm the amount and its split by payment.
 * Each refund issues a credit note.
 */
export function RefundForm({
  options,
  pageResult,
  notice,
}: {
  /** Null once nothing is left to refund: the card stays, so the last refund's notice shows. */
  options: RefundOptions | null;
  pageResult?: FormActionResult;
  /** What became of the refund made without JavaScript, which the page's address names. */
  notice?: FormActionResult | null;
}) {
  const form = useAdminForm({ schema: refundFormSchema, pageResult, toasts: false });
  const { errors, clearError, result } = form;
  const [chosen, setMethod] = useState<"provider" | "eft" | null>(null);
  // The preview staff went back from: the form shows again, as typed.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const confirming = isRefundPreview(result) && result !== dismissed ? result : null;
  const data = form.fetcher.data;
  useEffect(() => {
    if (form.fetcher.state !== "idle" || !data || isRefundPreview(data)) return;
    if (data.ok) {
      notify.success(data.message.title, { description: data.message.description });
      form.formRef.current?.reset();
      setMethod(null);
    } else {
      notify.error(data.alert.title, { description: data.alert.description });
    }
  }, [form.fetcher.state, data, form.formRef]);
  // Back from the confirmation: the keyboard's focus returns to the form's Refund button.
  useEffect(() => {
    if (dismissed) form.formRef.current?.querySelector<HTMLElement>("[type=submit]")?.focus();
  }, [dismissed, form.formRef]);
  // Without JavaScript the page shows the preview, and the form keeps its fields behind it.
  const values = isRefundPreview(result) ? result.values : form.values;
  // A refusal of the form as a whole (the order's refunds changed since the preview, the
  // provider's no) is said by the form, with JavaScript beside its toast.
  const refusal =
    result && !result.ok && result.values.intent?.startsWith("refund")
      ? Object.keys(result.fieldErrors).length === 0
        ? result.alert
        : null
      : null;
  const said = <Said refusal={refusal} notice={data ? null : (notice ?? null)} />;
  if (!options) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Refund</CardTitle>
        </CardHeader>
        <CardContent>
          {said}
          <p className="text-sm text-muted-foreground">
            Refunded in full: nothing is left to pay back.
          </p>
        </CardContent>
      </Card>
    );
  }
  const method =
    chosen ??
    (values.method === "eft" || values.method === "provider"
      ? values.method
      : options.provider
        ? "provider"
        : "eft");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refund</CardTitle>
      </CardHeader>
      <CardContent>
        {said}
        {confirming && (
          <RefundConfirmation
            answer={confirming}
            Form={form.fetcher.Form}
            errors={errors}
            submitting={form.submitting}
            onBack={() => setDismissed(confirming)}
            onEdit={clearError}
          />
        )}
        <form.fetcher.Form
          ref={form.formRef}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          hidden={confirming !== null}
          className="space-y-4"
          aria-label="Refund"
        >
          <input type="hidden" name="intent" value="refund-preview" />
          <p className="text-sm text-muted-foreground">
            Up to {money(options.remainingCents)} can still be refunded. Choose what comes back
            {options.hasDiscount ? " (with its share of the order's discount)" : ""}, or enter an
            amount.
          </p>
          <GiveBackLines
            lines={options.lines.map((line) => ({ ...line, left: line.refundable }))}
            verb="refunded"
            values={values}
            errors={errors}
            clearError={clearError}
          />
          <div className="max-w-xs">
            <Field
              name="amount"
              label="Or an amount (R)"
              hint="Instead of lines: a price adjustment, say."
              {...MONEY_INPUT}
              defaultValue={values.amount ?? ""}
              error={errors.amount}
              onEdit={clearError}
            />
          </div>
          <TextareaField
            name="reason"
            label="Reason"
            rows={2}
            maxLength={255}
            defaultValue={values.reason ?? ""}
            error={errors.reason}
            onEdit={clearError}
          />
          <PayBackFields
            provider={options.provider}
            method={method}
            onChoose={setMethod}
            values={values}
            errors={errors}
            clearError={clearError}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="restock"
              defaultChecked={values.intent ? values.restock === "on" : true}
            />
            Returned goods go back into stock
          </label>
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Working out the refund..." : "Refund"}
          </Button>
          <p className="text-sm text-muted-foreground">
            Nothing is paid back yet: the next step shows the amount and how it goes back.
          </p>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}

/** A refusal of the refund form, or the notice of the refund the page names. */
function Said({ refusal, notice }: { refusal: FormAlert | null; notice: FormActionResult | null }) {
  if (refusal) {
    return (
      <p
        role="alert"
        className="mb-4 rounded-md border border-destructive p-3 text-sm text-destructive"
      >
        {refusal.title}: {refusal.description}
      </p>
    );
  }
  if (!notice?.ok) return null;
  return (
    <p role="status" className="mb-4 rounded-md border p-3 text-sm" data-testid="refund-notice">
      {notice.message.title}: {notice.message.description}
    </p>
  );
}

/**
 * How money goes back (the refund and cancel forms): through the provider that took it, when it
 * can pay back now, or by EFT from the shop's account with the EFT's reference.
 */
export function PayBackFields({
  provider,
  method,
  onChoose,
  values,
  errors,
  clearError,
  idPrefix = "",
}: {
  /** Tells this form's fields apart from another's on the same page ("cancel-"). */
  idPrefix?: string;
  provider: { label: string } | null;
  method: "provider" | "eft";
  onChoose: (value: "provider" | "eft") => void;
  values: Record<string, string>;
  errors: Record<string, string>;
  clearError: (name: string) => void;
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Pay the money back</legend>
        {provider && (
          <MethodChoice value="provider" chosen={method} onChoose={onChoose}>
            Through {provider.label}, to what the customer paid with
          </MethodChoice>
        )}
        <MethodChoice value="eft" chosen={method} onChoose={onChoose}>
          Paid back by EFT from the shop&apos;s bank account
        </MethodChoice>
        {errors.method && <p className="text-sm text-destructive">{errors.method}</p>}
      </fieldset>
      {(method === "eft" || errors.eftReference) && (
        <div className="max-w-xs">
          <Field
            id={`${idPrefix}field-eftReference`}
            name="eftReference"
            label={method === "eft" ? "EFT reference" : "Reference of the part paid by hand"}
            defaultValue={values.eftReference ?? ""}
            error={errors.eftReference}
            onEdit={clearError}
          />
        </div>
      )}
    </>
  );
}

function MethodChoice({
  value,
  chosen,
  onChoose,
  children,
}: {
  value: "provider" | "eft";
  chosen: "provider" | "eft";
  onChoose: (value: "provider" | "eft") => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="method"
        value={value}
        checked={chosen === value}
        onChange={() => onChoose(value)}
      />
      {children}
    </label>
  );
}
