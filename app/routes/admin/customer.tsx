import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { customerKindLabel } from "~/components/admin/customers/customer-columns";
import { CustomerNotesCard, CustomerTagsCard } from "~/components/admin/customers/customer-notes";
import { CustomerPrivacyCard } from "~/components/admin/customers/customer-privacy";
import {
  CustomerContactCard,
  CustomerDocumentsCards,
} from "~/components/admin/customers/customer-sections";
import { customerPath } from "~/domain/customers/customer-list";
import {
  addCustomerNote,
  addCustomerTag,
  removeCustomerNote,
  removeCustomerTag,
} from "~/domain/customers/customer-notes.server";
import { customerNoteSchema, customerTagSchema } from "~/domain/customers/customer-schemas";
import { findCustomer, getCustomer } from "~/domain/customers/get-customer.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseDbId } from "~/lib/db-ids";
import { formatMoney } from "~/lib/money";
import { parseForm } from "~/lib/forms";
import { readForm, textParam } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data ? data.customer.contact.name || data.customer.email : "Customer"} | Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireStaff(request);
  const customer = await getCustomer(textParam(params.ref));
  if (!customer) throw data("Not found", { status: 404 });
  // A guest whose orders have since joined an account: their page is the account's now.
  if ("moved" in customer) throw redirect(customerPath(customer.moved));
  return { customer, isOwner: viewer.role === "owner" };
}

const INTENTS = new Set(["add-note", "remove-note", "add-tag", "remove-tag"]);

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requireStaff(request);
  const found = await findCustomer(textParam(params.ref));
  if (!found || "moved" in found) throw data("Not found", { status: 404 });
  const customer = { email: found.email, ref: found.ref };
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const id = parseDbId(formData.get("id"));
  if (!INTENTS.has(intent) || (intent.startsWith("remove") && id === null)) {
    return refused(400, { title: "Error", description: "Unknown request." }, formData);
  }
  if (intent === "remove-note") {
    return attempt(formData, async () => {
      await removeCustomerNote({ customer, noteId: id!, actor });
      return succeeded("Note Removed", "The note is no longer on this customer's page.");
    });
  }
  if (intent === "remove-tag") {
    return attempt(formData, async () => {
      const tag = await removeCustomerTag({ customer, tagId: id!, actor });
      return succeeded("Tag Removed", `"${tag.tag}" is taken off this customer.`);
    });
  }
  if (intent === "add-note") {
    const parsed = parseForm(customerNoteSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      await addCustomerNote({ customer, input: parsed.data, actor });
      return succeeded("Note Added", "The note is saved with your name and the time.");
    });
  }
  const parsed = parseForm(customerTagSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const tag = await addCustomerTag({ customer, input: parsed.data, actor });
    return succeeded("Tag Added", `This customer is tagged "${tag.tag}".`);
  });
}

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer: c, isOwner } = loaderData;
  const f = c.figures;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/admin/customers"
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Customers
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold break-words">{c.contact.name || c.email}</h1>
        <p className="text-muted-foreground" data-testid="customer-summary">
          {f ? customerKindLabel(f) : c.kind === "account" ? "Account" : "Guest"} · {f?.orders ?? 0}{" "}
          {f?.orders === 1 ? "order" : "orders"} · net spent{" "}
          {formatMoney(f?.spentCents ?? 0, { cents: true })}
          {f?.openLaybys ? ` · ${f.openLaybys} open lay-by${f.openLaybys === 1 ? "" : "s"}` : ""}
        </p>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <CustomerContactCard customer={c} />
        <CustomerTagsCard tags={c.tags} pageResult={actionData} />
      </div>
      <CustomerNotesCard notes={c.notes} pageResult={actionData} />
      <CustomerDocumentsCards customer={c} />
      {isOwner ? <CustomerPrivacyCard email={c.email} /> : null}
    </div>
  );
}
