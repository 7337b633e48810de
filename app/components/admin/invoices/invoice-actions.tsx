import { Ban, CheckCircle2, Download, Pencil, Send } from "lucide-react";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { Field, TextareaField } from "~/components/admin/field";
import { FormDialog } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { InvoiceCreditOptions } from "~/domain/invoicing/credit-options.server";
import { INVOICE_STATUS_LABELS, type InvoiceListStatus } from "~/domain/invoicing/invoice-status";
import type { InvoiceAction } from "~/domain/invoicing/invoice-transitions";
import {
  CANCEL_REASON_MAX,
  cancelInvoiceSchema,
  markInvoicePaidSchema,
  PAYMENT_REFERENCE_MAX,
} from "~/domain/invoicing/manual-invoice-schemas";
import type { FormActionResult } from "~/lib/forms";
import { notify } from "~/lib/notify";
import { CreditInvoiceDialog } from "./credit-invoice-dialog";

type ActionsInvoice = {
  id: number;
  invoiceNumber: string;
  /** As staff read it: a sent invoice past its due date is overdue. */
  shownStatus: InvoiceListStatus;
  buyerEmail: string;
  /** Whether it has been sent before: sending again sends a copy. */
  sent: boolean;
};

/** The fetchers of an invoice's actions, by key: their notices outlive the buttons. */
const fetcherKey = (invoiceId: number, action: "send" | "mark_paid" | "credit" | "cancel") =>
  `invoice-${invoiceId}-${action}`;

/**
 * Toasts one action's result. It lives with the actions' card, not the button or dialog: a
 * saved change can take its own button off the page (a paid invoice offers no Mark Paid).
 */
export function useResultToasts(key: string) {
  const fetcher = useFetcher<FormActionResult>({ key });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const r = fetcher.data;
    if (r.ok) notify.success(r.message.title, { description: r.message.description });
    else notify.error(r.alert.title, { description: r.alert.description });
  }, [fetcher.state, fetcher.data]);
}

/** Send, or send a copy: e-mails the PDF to the buyer (the server checks the status again). */
function SendButton({ invoice }: { invoice: ActionsInvoice }) {
  const fetcher = useFetcher<FormActionResult>({ key: fetcherKey(invoice.id, "send") });
  return (
    <fetcher.Form method="post" action={`/admin/invoices/${invoice.id}`}>
      <input type="hidden" name="intent" value="send" />
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        <Send className="size-4" aria-hidden />
        {fetcher.state !== "idle"
          ? "Sending..."
          : invoice.sent
            ? "Send a copy to the buyer"
            : "Send to buyer"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * What can be done to an invoice now: only what its status allows (the server checks again):
 * edit a draft, send it (or a copy once sent), mark a sent one paid with the payment's
 * reference, credit a sent or paid one while something is left, cancel a draft with a reason;
 * and its PDF, always.
 */
export function InvoiceActions({
  invoice,
  actions,
  creditOptions,
}: {
  invoice: ActionsInvoice;
  actions: InvoiceAction[];
  /** Null when nothing is left to credit. */
  creditOptions: InvoiceCreditOptions | null;
}) {
  const can = (action: InvoiceAction) => actions.includes(action);
  const action = `/admin/invoices/${invoice.id}`;
  useResultToasts(fetcherKey(invoice.id, "send"));
  useResultToasts(fetcherKey(invoice.id, "mark_paid"));
  useResultToasts(fetcherKey(invoice.id, "credit"));
  useResultToasts(fetcherKey(invoice.id, "cancel"));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Actions</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-3">
        {can("edit") && (
          <Button asChild variant="outline">
            <Link to={`/admin/invoices/${invoice.id}/edit`}>
              <Pencil className="size-4" aria-hidden /> Edit
            </Link>
          </Button>
        )}
        {can("send") && <SendButton invoice={invoice} />}
        {can("mark_paid") && (
          <FormDialog
            trigger={
              <Button>
                <CheckCircle2 className="size-4" aria-hidden /> Mark Paid
              </Button>
            }
            title={`Mark ${invoice.invoiceNumber} paid`}
            description="The payment's reference, as the bank statement shows it."
            action={action}
            intent="mark_paid"
            fetcherKey={fetcherKey(invoice.id, "mark_paid")}
            toasts={false}
            schema={markInvoicePaidSchema}
            submitLabel="Mark Paid"
          >
            {(form) => (
              <Field
                name="paymentReference"
                label="Payment reference"
                maxLength={PAYMENT_REFERENCE_MAX}
                autoComplete="off"
                defaultValue={form.values.paymentReference ?? ""}
                error={form.errors.paymentReference}
                onEdit={form.clearError}
              />
            )}
          </FormDialog>
        )}
        <Button asChild variant="outline">
          <a href={`/admin/invoices/${invoice.id}/pdf`} download>
            <Download className="size-4" aria-hidden /> Download PDF
          </a>
        </Button>
        {can("credit") && creditOptions && (
          <CreditInvoiceDialog
            invoice={invoice}
            options={creditOptions}
            fetcherKey={fetcherKey(invoice.id, "credit")}
          />
        )}
        {can("cancel") && (
          <FormDialog
            trigger={
              <Button variant="destructive">
                <Ban className="size-4" aria-hidden /> Cancel Invoice
              </Button>
            }
            title={`Cancel ${invoice.invoiceNumber}`}
            description="The draft stays, marked cancelled, and keeps its number in the series. The reason is added to its notes."
            action={action}
            intent="cancel"
            fetcherKey={fetcherKey(invoice.id, "cancel")}
            toasts={false}
            schema={cancelInvoiceSchema}
            submitLabel="Cancel Invoice"
            submittingLabel="Cancelling..."
          >
            {(form) => (
              <TextareaField
                name="reason"
                label="Reason"
                rows={2}
                maxLength={CANCEL_REASON_MAX}
                defaultValue={form.values.reason ?? ""}
                error={form.errors.reason}
                onEdit={form.clearError}
              />
            )}
          </FormDialog>
        )}
        {actions.length === 0 && (
          <p className="text-sm text-muted-foreground">
            This invoice is {INVOICE_STATUS_LABELS[invoice.shownStatus].toLowerCase()}: nothing more
            to do.
          </p>
        )}
        {can("send") && !invoice.buyerEmail && (
          <p className="w-full text-xs text-muted-foreground">
            The buyer has no e-mail address yet: edit the draft to add one before sending it.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
