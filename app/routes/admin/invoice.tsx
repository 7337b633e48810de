import { ArrowLeft, Download } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { DocumentView } from "~/components/admin/document-view";
import { InvoiceActions } from "~/components/admin/invoices/invoice-actions";
import { InvoiceStatusBadge } from "~/components/admin/invoices/invoice-status-badge";
import { Button } from "~/components/admin/ui/button";
import { CreditNotesCard } from "~/components/admin/invoices/credit-notes-card";
import {
  invoiceCreditOptions,
  listInvoiceCreditNotes,
} from "~/domain/invoicing/credit-options.server";
import { getInvoice, invoicePrint } from "~/domain/invoicing/invoice-document.server";
import { allowedInvoiceActions } from "~/domain/invoicing/invoice-transitions";
import { loaded } from "~/lib/actions.server";
import { formatDateTime } from "~/lib/dates";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { invoiceAction } from "./invoice-action.server";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.invoice.invoiceNumber ?? "Invoice"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const invoiceId = idParam(params.id);
  const invoice = await loaded(() => getInvoice({ invoiceId }));
  const [creditOptions, creditNotes] = await Promise.all([
    invoiceCreditOptions(invoiceId),
    listInvoiceCreditNotes(invoiceId),
  ]);
  return {
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      buyerName: invoice.buyerName,
      buyerEmail: invoice.buyerEmail,
      shownStatus: invoice.shownStatus,
      sent: invoice.sentAt !== null,
      sentAt: invoice.sentAt,
      paidAt: invoice.paidAt,
      cancelledAt: invoice.cancelledAt,
    },
    // A sent invoice its credit notes reduced to nothing has nothing left to pay.
    actions: allowedInvoiceActions(invoice.status).filter(
      (a) => a !== "mark_paid" || creditOptions !== null,
    ),
    creditOptions,
    creditNotes,
    document: invoicePrint(invoice),
  };
}

/** Send (again), mark paid, credit or cancel, as the invoice's status allows it now. */
export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  return invoiceAction({ request, invoiceId: idParam(params.id), actor });
}

/**
 * A form refused because the invoice moved on (409: a credit note posted twice, two tabs) reads
 * the page again, so it lists what was done meanwhile and the credit form carries it.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export default function InvoicePage({ loaderData: d, actionData }: Route.ComponentProps) {
  const { invoice } = d;
  const history = [
    invoice.sentAt && `Last sent ${formatDateTime(invoice.sentAt)}`,
    invoice.paidAt && `Paid ${formatDateTime(invoice.paidAt)}`,
    invoice.cancelledAt && `Cancelled ${formatDateTime(invoice.cancelledAt)}`,
  ].filter(Boolean);
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link
        to="/admin/invoices"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Invoices
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{invoice.invoiceNumber}</h1>
        <InvoiceStatusBadge status={invoice.shownStatus} />
        <span className="text-muted-foreground">{invoice.buyerName}</span>
      </div>
      {history.length > 0 && <p className="text-sm text-muted-foreground">{history.join(" · ")}</p>}
      {/* Without JavaScript the action's answer comes back with the page. */}
      {actionData && (
        <p role="status" className="rounded-md border p-3 text-sm">
          {actionData.ok
            ? `${actionData.message.title}: ${actionData.message.description}`
            : `${actionData.alert.title}: ${actionData.alert.description}`}
        </p>
      )}
      {/* A web order's invoice is paid when it is issued; a refund starts on the order's page. */}
      {invoice.orderNumber ? (
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            <a href={`/admin/invoices/${invoice.id}/pdf`} download>
              <Download className="size-4" aria-hidden /> Download PDF
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to={`/admin/orders/${invoice.orderNumber}`}>Order #{invoice.orderNumber}</Link>
          </Button>
        </div>
      ) : (
        <InvoiceActions invoice={invoice} actions={d.actions} creditOptions={d.creditOptions} />
      )}
      <CreditNotesCard invoiceId={invoice.id} creditNotes={d.creditNotes} />
      <DocumentView document={d.document} />
    </div>
  );
}
