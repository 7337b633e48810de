import { ArrowLeft, Download } from "lucide-react";
import { Link } from "react-router";
import { DocumentView } from "~/components/admin/document-view";
import { InvoiceStatusBadge } from "~/components/admin/invoices/invoice-status-badge";
import { Button } from "~/components/admin/ui/button";
import { getInvoice, invoicePrint } from "~/domain/invoicing/invoice-document.server";
import { loaded } from "~/lib/actions.server";
import { idParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.invoice.invoiceNumber ?? "Invoice"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const invoiceId = idParam(params.id);
  const invoice = await loaded(() => getInvoice({ invoiceId }));
  return {
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      orderNumber: invoice.orderNumber,
      buyerName: invoice.buyerName,
      shownStatus: invoice.shownStatus,
    },
    document: invoicePrint(invoice),
  };
}

export default function InvoicePage({ loaderData: d }: Route.ComponentProps) {
  const { invoice } = d;
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
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <a href={`/admin/invoices/${invoice.id}/pdf`} download>
            <Download className="size-4" aria-hidden /> Download PDF
          </a>
        </Button>
        {invoice.orderNumber && (
          <Button asChild variant="outline">
            <Link to={`/admin/orders/${invoice.orderNumber}`}>Order #{invoice.orderNumber}</Link>
          </Button>
        )}
      </div>
      <DocumentView document={d.document} />
    </div>
  );
}
