import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { InvoiceForm } from "~/components/admin/invoices/invoice-form";
import { getInvoice } from "~/domain/invoicing/invoice-document.server";
import { invoiceActionRefusal } from "~/domain/invoicing/invoice-transitions";
import { manualInvoiceFormSchema } from "~/domain/invoicing/manual-invoice-schemas";
import { updateManualInvoiceDraft } from "~/domain/invoicing/save-manual-invoice.server";
import { attempt, invalid, loaded, succeeded } from "~/lib/actions.server";
import { shopToday } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { idParam, readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { amountInputValue } from "~/lib/money";
import type { Route } from "./+types/invoice-edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Edit ${data?.invoice.invoiceNumber ?? "Invoice"} | Admin` },
];

/** /admin/invoices/:id/edit: a draft's buyer, due date, notes and lines. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const invoiceId = idParam(params.id);
  const invoice = await loaded(() => getInvoice({ invoiceId }));
  const refusal = invoiceActionRefusal(invoice.invoiceNumber, invoice.status, "edit");
  if (refusal) throw data(refusal, { status: 409 });
  return {
    invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
    today: shopToday(),
    initial: {
      buyerName: invoice.buyerName,
      buyerEmail: invoice.buyerEmail,
      buyerPhone: invoice.buyerPhone,
      buyerAddress: invoice.buyerAddress,
      buyerVatNumber: invoice.buyerVatNumber,
      dueDate: invoice.dueDate ?? "",
      notes: invoice.notes,
      lines: invoice.lines.map((line) => ({
        sku: line.sku,
        description: line.description,
        quantity: String(line.quantity),
        unitPrice: amountInputValue(line.unitPriceCents),
        ...(line.sku ? { catalogueDescription: line.description } : {}),
      })),
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const invoiceId = idParam(params.id);
  const formData = await readForm(request);
  const parsed = parseForm(manualInvoiceFormSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const saved = await updateManualInvoiceDraft({ invoiceId, input: parsed.data, actor });
    return {
      ...succeeded("Invoice Updated", `${saved.invoiceNumber} is saved.`),
      to: `/admin/invoices/${invoiceId}`,
    };
  });
}

export default function EditInvoicePage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to={`/admin/invoices/${d.invoice.id}`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {d.invoice.invoiceNumber}
      </Link>
      <h1 className="text-2xl font-bold">Edit {d.invoice.invoiceNumber}</h1>
      <InvoiceForm mode="edit" today={d.today} initial={d.initial} pageResult={actionData} />
    </div>
  );
}
