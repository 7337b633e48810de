import { ReceiptText } from "lucide-react";
import { useState } from "react";
import { Field, TextareaField } from "~/components/admin/field";
import { FormDialog, type FormDialogFields } from "~/components/admin/form-dialog";
import { GiveBackLines } from "~/components/admin/give-back-lines";
import { PaidBackFields } from "./paid-back-fields";
import { Button } from "~/components/admin/ui/button";
import { parseAmount } from "~/lib/money";
import type { InvoiceCreditOptions } from "~/domain/invoicing/credit-options.server";
import {
  CREDIT_REASON_MAX,
  creditNoteFormSchema,
  creditQuantityField,
} from "~/domain/invoicing/refund-schemas";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * What the form would credit, as the server works it out for a hand-made invoice (which has
 * no discount lines): the chosen lines at their prices, or the amount typed; 0 when unclear.
 */
function creditShown(options: InvoiceCreditOptions, form: HTMLFormElement | null): number {
  if (!form) return 0;
  const values = new FormData(form);
  let cents = 0;
  for (const line of options.lines) {
    const text = String(values.get(creditQuantityField(line.position)) ?? "").trim();
    if (/^\d{1,5}$/.test(text)) cents += Number(text) * line.unitPriceCents;
  }
  const amount = String(values.get("amount") ?? "").trim();
  return cents > 0 ? cents : amount ? (parseAmount(amount) ?? 0) : 0;
}

function CreditFields({
  form,
  options,
}: {
  form: FormDialogFields;
  options: InvoiceCreditOptions;
}) {
  const { errors, clearError, values } = form;
  const [shown, setShown] = useState(0);
  return (
    <div className="space-y-4" onInput={() => setShown(creditShown(options, form.formRef.current))}>
      <p className="text-sm text-muted-foreground">
        Up to {money(options.remainingCents)} can still be credited. Choose the lines, or enter an
        amount.
      </p>
      <GiveBackLines
        lines={options.lines.map(({ sku: _, ...line }) => ({ ...line, left: line.creditable }))}
        verb="credited"
        values={values}
        errors={errors}
        clearError={clearError}
      />
      <Field
        name="amount"
        label="Or an amount (R)"
        inputMode="decimal"
        defaultValue={values.amount ?? ""}
        error={errors.amount}
        onEdit={clearError}
      />
      <TextareaField
        name="reason"
        label="Reason"
        rows={2}
        maxLength={CREDIT_REASON_MAX}
        defaultValue={values.reason ?? ""}
        error={errors.reason}
        onEdit={clearError}
      />
      {options.paid && (
        <PaidBackFields form={form} legend="The invoice was paid: pay the money back" notYet />
      )}
      {options.lines.some((l) => l.stocked) && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="restock" defaultChecked />
          Credited goods go back into the warehouse they left
        </label>
      )}
      <input type="hidden" name="expectedCents" value={shown} />
      {/* The credit notes this form was given against: posted twice, the second is refused. */}
      <input type="hidden" name="creditNotesSeen" value={options.creditNotesSeen} />
      <p role="status" className="rounded-md border p-3 text-sm font-medium">
        Credit note for {money(shown)} (VAT included)
      </p>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="confirm"
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={errors.confirm ? "field-confirm-error" : undefined}
        />
        I confirm a credit note for {money(shown)}
      </label>
      {errors.confirm && (
        <p id="field-confirm-error" className="text-sm text-destructive">
          {errors.confirm}
        </p>
      )}
    </div>
  );
}

/**
 * Credit a sent or paid hand-made invoice: lines or an amount, a reason, how a paid one's money
 * went back (or that it has not yet), and a confirmation of the amount (the server refuses a note that would differ).
 */
export function CreditInvoiceDialog({
  invoice,
  options,
  fetcherKey,
}: {
  invoice: { id: number; invoiceNumber: string };
  options: InvoiceCreditOptions;
  fetcherKey: string;
}) {
  return (
    <FormDialog
      trigger={
        <Button variant="outline">
          <ReceiptText className="size-4" aria-hidden /> Issue Credit Note
        </Button>
      }
      title={`Credit ${invoice.invoiceNumber}`}
      description="A credit note reduces the invoice; an issued tax invoice is never voided."
      action={`/admin/invoices/${invoice.id}`}
      intent="credit"
      fetcherKey={fetcherKey}
      toasts={false}
      schema={creditNoteFormSchema}
      submitLabel="Issue Credit Note"
      submittingLabel="Issuing..."
      wide
    >
      {(form) => <CreditFields form={form} options={options} />}
    </FormDialog>
  );
}
