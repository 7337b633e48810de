import { useRef, useState } from "react";
import { useNavigate } from "react-router";
import { CustomerPicker } from "~/components/admin/customers/customer-picker";
import { Field, TextareaField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  BUYER_ADDRESS_MAX,
  INVOICE_NOTES_MAX,
  invoiceLineField,
  manualInvoiceFormSchema,
} from "~/domain/invoicing/manual-invoice-schemas";
import type { CustomerSuggestion } from "~/domain/customers/customer-list";
import type { FormActionResult } from "~/lib/forms";
import { emptyInvoiceLine, InvoiceLineRows, type InvoiceLineDraft } from "./invoice-line-rows";

export type InvoiceFormValues = {
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  buyerAddress: string;
  buyerVatNumber: string;
  dueDate: string;
  notes: string;
  lines: Omit<InvoiceLineDraft, "key">[];
};

/**
 * The form's cards take the page's background, as the purchase order's do: the kit's red field
 * messages reach only 4.4:1 on the dark theme's card colour.
 */
const FORM_CARD = "bg-background";

/** What the action answers on success: where the saved invoice is. */
export type SavedInvoice = FormActionResult & { to?: string };

/** The values a refused form (without JavaScript) posted, as the form's starting state. */
function keptValues(values: Record<string, string>): InvoiceFormValues | null {
  if (!("buyerName" in values)) return null;
  const lines: InvoiceFormValues["lines"] = [];
  for (let row = 0; values[invoiceLineField(row, "sku")] !== undefined; row++) {
    lines.push({
      sku: values[invoiceLineField(row, "sku")] ?? "",
      description: values[invoiceLineField(row, "description")] ?? "",
      quantity: values[invoiceLineField(row, "quantity")] ?? "",
      unitPrice: values[invoiceLineField(row, "unitPrice")] ?? "",
    });
  }
  return {
    buyerName: values.buyerName ?? "",
    buyerEmail: values.buyerEmail ?? "",
    buyerPhone: values.buyerPhone ?? "",
    buyerAddress: values.buyerAddress ?? "",
    buyerVatNumber: values.buyerVatNumber ?? "",
    dueDate: values.dueDate ?? "",
    notes: values.notes ?? "",
    lines,
  };
}

/**
 * The create and edit form of an invoice made by staff (a bulk order agreed by phone): the
 * buyer, the due date (today plus 30 days to start with), notes and the lines. It is saved as a
 * draft; the invoice's page sends it.
 */
export function InvoiceForm({
  today,
  initial,
  pageResult,
  mode,
}: {
  today: string;
  initial: InvoiceFormValues;
  pageResult?: SavedInvoice;
  mode: "create" | "edit";
}) {
  const navigate = useNavigate();
  const form = useAdminForm({
    schema: manualInvoiceFormSchema,
    pageResult,
    onSuccess: () => {
      const to = (form.fetcher.data as SavedInvoice | undefined)?.to;
      if (to) void navigate(to);
    },
  });
  const start = keptValues(form.values) ?? initial;
  const [lines, setLines] = useState<InvoiceLineDraft[]>(() =>
    start.lines.length
      ? start.lines.map((l) => ({ ...emptyInvoiceLine(), ...l }))
      : [emptyInvoiceLine()],
  );
  const { errors, clearError } = form;
  const saved = pageResult?.ok && pageResult.to;
  const text = (name: keyof Omit<InvoiceFormValues, "lines">) => ({
    name,
    error: errors[name],
    onEdit: clearError,
    defaultValue: start[name],
  });

  const formElement = useRef<HTMLFormElement>(null);
  /** Fills the buyer's fields with a customer's details (the picker's choice). */
  function fillBuyer(c: CustomerSuggestion) {
    const fields = {
      buyerName: c.name,
      buyerEmail: c.email,
      buyerPhone: c.phone,
      buyerAddress: c.address,
      buyerVatNumber: c.vatNumber,
    };
    for (const [name, value] of Object.entries(fields)) {
      const field = formElement.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
        field.value = value;
        clearError(name);
      }
    }
  }

  return (
    <form.fetcher.Form
      ref={formElement}
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      className="space-y-6"
      aria-label={mode === "create" ? "New invoice" : "Edit invoice"}
    >
      {saved && (
        <p role="status" className="rounded-md border p-3 text-sm">
          Saved.{" "}
          <a href={pageResult.to} className="text-primary underline">
            Open the invoice
          </a>
          .
        </p>
      )}
      <Card className={FORM_CARD}>
        <CardHeader>
          <CardTitle>Buyer</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <CustomerPicker onPick={fillBuyer} />
          <Field label="Name" autoComplete="off" required {...text("buyerName")} />
          <Field
            label="E-mail"
            type="email"
            autoComplete="off"
            hint="Needed to send the invoice."
            {...text("buyerEmail")}
          />
          <Field label="Phone" type="tel" autoComplete="off" {...text("buyerPhone")} />
          <Field
            label="VAT number"
            inputMode="numeric"
            autoComplete="off"
            hint="When the buyer is registered for VAT."
            {...text("buyerVatNumber")}
          />
          <div className="md:col-span-2">
            <TextareaField
              label="Address"
              rows={3}
              maxLength={BUYER_ADDRESS_MAX}
              hint="One line per line, as it goes on the invoice."
              {...text("buyerAddress")}
            />
          </div>
        </CardContent>
      </Card>
      <Card className={FORM_CARD}>
        <CardHeader>
          <CardTitle>Payment</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <Field
            label="Due date"
            type="date"
            min={today}
            hint="A day in SAST; empty: 30 days from today."
            {...text("dueDate")}
          />
          <div className="md:col-span-2">
            <TextareaField
              label="Notes"
              rows={3}
              maxLength={INVOICE_NOTES_MAX}
              placeholder="Delivery arrangements, the bank details to pay into..."
              hint="Printed on the invoice."
              {...text("notes")}
            />
          </div>
        </CardContent>
      </Card>
      <Card className={FORM_CARD}>
        <CardHeader>
          <CardTitle>Lines</CardTitle>
        </CardHeader>
        <CardContent>
          <InvoiceLineRows
            lines={lines}
            setLines={(update) => {
              clearError("lines");
              setLines(update);
            }}
            errors={errors}
            clearError={clearError}
          />
        </CardContent>
      </Card>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p className="text-sm text-muted-foreground">
          Saved as a draft: send it from its page when it is ready.
        </p>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? "Saving..." : mode === "create" ? "Create Invoice" : "Save Draft"}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
