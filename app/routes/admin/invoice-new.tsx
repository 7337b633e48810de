import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { InvoiceForm } from "~/components/admin/invoices/invoice-form";
import {
  DEFAULT_DUE_DAYS,
  manualInvoiceFormSchema,
} from "~/domain/invoicing/manual-invoice-schemas";
import { createManualInvoice } from "~/domain/invoicing/save-manual-invoice.server";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { addDays, shopToday } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoice-new";

export const meta: Route.MetaFunction = () => [{ title: "New Invoice | Admin" }];

/** /admin/invoices/new: an invoice for a customer without a web order, saved as a draft. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const today = shopToday();
  return { today, dueDate: addDays(today, DEFAULT_DUE_DAYS) };
}

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const formData = await readForm(request);
  const parsed = parseForm(manualInvoiceFormSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const created = await createManualInvoice({ input: parsed.data, actor });
    return {
      ...succeeded("Invoice Created", `${created.invoiceNumber} is saved as a draft.`),
      to: `/admin/invoices/${created.id}`,
    };
  });
}

export default function NewInvoicePage({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/admin/invoices"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Invoices
      </Link>
      <h1 className="text-2xl font-bold">New Invoice</h1>
      <InvoiceForm
        mode="create"
        today={d.today}
        initial={{
          buyerName: "",
          buyerEmail: "",
          buyerPhone: "",
          buyerAddress: "",
          buyerVatNumber: "",
          dueDate: d.dueDate,
          notes: "",
          lines: [],
        }}
        pageResult={actionData}
      />
    </div>
  );
}
