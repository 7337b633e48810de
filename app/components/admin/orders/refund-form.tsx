import { useState } from "react";
import { Field, TextareaField } from "~/components/admin/field";
import { LineQuantityField } from "~/components/admin/line-quantity-field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import type { RefundOptions } from "~/domain/invoicing/refund-options.server";
import { refundFormSchema, refundQuantityField } from "~/domain/invoicing/refund-schemas";
import type { FormActionResult } from "~/lib/forms";
import { formatMoney, MONEY_INPUT } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * Refund: how many of each invoice line come back, or an amount; why; and how the money goes
 * back (the provider that took it, or an EFT by the shop with its reference). Each refund
 * issues a credit note.
 */
export function RefundForm({
  options,
  pageResult,
}: {
  /** Null once nothing is left to refund: the card stays, so the last refund's notice shows. */
  options: RefundOptions | null;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: refundFormSchema, pageResult, resetOnSuccess: true });
  const { errors, clearError } = form;
  const [chosen, setMethod] = useState<"provider" | "eft" | null>(null);
  if (!options) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Refund</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Refunded in full: nothing is left to pay back.
          </p>
        </CardContent>
      </Card>
    );
  }
  const method = chosen ?? (options.provider ? "provider" : "eft");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Refund</CardTitle>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form
          ref={form.formRef}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className="space-y-4"
          aria-label="Refund"
        >
          <input type="hidden" name="intent" value="refund" />
          <p className="text-sm text-muted-foreground">
            Up to {money(options.remainingCents)} can still be refunded. Choose what comes back
            {options.hasDiscount ? " (with its share of the order's discount)" : ""}, or enter an
            amount.
          </p>
          <ul className="space-y-3">
            {options.lines.map((line) => (
              <LineQuantityField
                key={line.position}
                name={refundQuantityField(line.position)}
                label={
                  <>
                    {line.description}{" "}
                    {line.sku && (
                      <span className="font-mono text-xs text-muted-foreground">{line.sku}</span>
                    )}
                  </>
                }
                note={`${money(line.unitPriceCents)} each · ${line.refundable} of ${line.quantity} can be refunded`}
                defaultValue={form.values[refundQuantityField(line.position)] ?? "0"}
                errors={errors}
                disabled={line.refundable === 0}
                onEdit={() => {
                  clearError(refundQuantityField(line.position));
                  clearError("amount");
                }}
              />
            ))}
          </ul>
          <div className="max-w-xs">
            <Field
              name="amount"
              label="Or an amount (R)"
              hint="Instead of lines: a price adjustment, say."
              {...MONEY_INPUT}
              defaultValue={form.values.amount ?? ""}
              error={errors.amount}
              onEdit={clearError}
            />
          </div>
          <TextareaField
            name="reason"
            label="Reason"
            rows={2}
            maxLength={255}
            defaultValue={form.values.reason ?? ""}
            error={errors.reason}
            onEdit={clearError}
          />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Pay the money back</legend>
            {options.provider && (
              <MethodChoice value="provider" chosen={method} onChoose={setMethod}>
                Through {options.provider.label}, to what the customer paid with
              </MethodChoice>
            )}
            <MethodChoice value="eft" chosen={method} onChoose={setMethod}>
              Paid back by EFT from the shop&apos;s bank account
            </MethodChoice>
            {errors.method && <p className="text-sm text-destructive">{errors.method}</p>}
          </fieldset>
          {method === "eft" && (
            <div className="max-w-xs">
              <Field
                name="eftReference"
                label="EFT reference"
                defaultValue={form.values.eftReference ?? ""}
                error={errors.eftReference}
                onEdit={clearError}
              />
            </div>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="restock" defaultChecked />
            Returned goods go back into stock
          </label>
          <Button type="submit" variant="destructive" disabled={form.submitting}>
            {form.submitting ? "Refunding..." : "Refund"}
          </Button>
        </form.fetcher.Form>
      </CardContent>
    </Card>
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
