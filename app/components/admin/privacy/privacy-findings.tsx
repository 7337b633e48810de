import { Download, PencilLine, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { useAdminForm } from "~/components/admin/use-admin-form";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import type { PersonalDataSummary } from "~/domain/privacy/privacy-requests.server";
import { formatDateTime } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

type AdminForm = ReturnType<typeof useAdminForm>;

export const COUNT_LABELS: Record<keyof PersonalDataSummary["counts"], string> = {
  account: "Shopper account",
  addresses: "Saved addresses",
  orders: "Orders",
  deliveryProofs: "Proofs of delivery",
  invoices: "Invoices",
  consultations: "Consultation requests",
  messages: "Contact messages",
  subscriptions: "Newsletter subscription",
  auditEntries: "Audit log entries",
  staffNotes: "Staff notes and tags",
  reviews: "Reviews and review preferences",
};

/** What is held about one address, with the three things the owner can do with it. */
export function PrivacyFindings({
  found,
  correct,
  erase,
}: {
  found: PersonalDataSummary;
  correct: AdminForm;
  erase: AdminForm;
}) {
  const nothing = Object.values(found.counts).every((n) => n === 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Held about {found.email}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5 text-sm">
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
          {Object.entries(found.counts).map(([key, n]) => (
            <div key={key} className="contents">
              <dt className="text-muted-foreground">
                {COUNT_LABELS[key as keyof typeof COUNT_LABELS]}
              </dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
        {found.account ? (
          <p>
            Account: {found.account.name}, {ROLE_LABELS[found.account.role].toLowerCase()},{" "}
            {found.account.emailVerified ? "e-mail verified" : "e-mail not verified"}, since{" "}
            {formatDateTime(found.account.createdAt)}.
          </p>
        ) : null}
        {found.orders.length > 0 ? (
          <p>
            Orders:{" "}
            {found.orders
              .map(
                (o) => `#${o.number} (${o.status}, ${formatMoney(o.totalCents, { cents: true })})`,
              )
              .join(", ")}
            .
          </p>
        ) : null}
        {found.invoices.length > 0 ? (
          <p>Invoices: {found.invoices.map((i) => formatInvoiceNumber(i.number)).join(", ")}.</p>
        ) : null}
        {nothing ? null : (
          <div className="space-y-6 border-t pt-4">
            <Form method="post" action="/admin/privacy/export" reloadDocument>
              <input type="hidden" name="email" value={found.email} />
              <Button type="submit" variant="outline">
                <Download className="size-4" aria-hidden /> Download everything (JSON)
              </Button>
            </Form>
            <CorrectionForm email={found.email} form={correct} />
            <ErasureForm email={found.email} form={erase} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function CorrectionForm({ email, form }: { email: string; form: AdminForm }) {
  return (
    <form.fetcher.Form
      method="post"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      noValidate
      className="space-y-3"
    >
      <h3 className="font-medium">Correct</h3>
      <p className="text-muted-foreground">
        Fill in only what is wrong: it changes on the account, the orders and the enquiries. Issued
        invoices stay as they are (a wrong invoice is credited and issued again).
      </p>
      <input type="hidden" name="intent" value="correct" />
      <input type="hidden" name="email" value={email} />
      <div className="grid gap-3 sm:grid-cols-2">
        {(
          [
            ["firstName", "First name", "text"],
            ["lastName", "Last name", "text"],
            ["phone", "Phone", "tel"],
            ["newEmail", "New e-mail address", "email"],
          ] as const
        ).map(([name, label, type]) => (
          <Field
            key={name}
            name={name}
            label={label}
            type={type}
            autoComplete="off"
            defaultValue={form.values[name] ?? ""}
            error={form.errors[name]}
            onEdit={form.clearError}
          />
        ))}
      </div>
      <Button type="submit" variant="outline" disabled={form.submitting}>
        <PencilLine className="size-4" aria-hidden /> Save corrections
      </Button>
    </form.fetcher.Form>
  );
}

function ErasureForm({ email, form }: { email: string; form: AdminForm }) {
  return (
    <form.fetcher.Form
      method="post"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      noValidate
      className="space-y-3"
    >
      <h3 className="font-medium">Erase</h3>
      <input type="hidden" name="intent" value="erase" />
      <input type="hidden" name="email" value={email} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <Field
            name="confirmEmail"
            label="Type the address again to erase"
            hint="Orders and invoices stay as accounting records without the personal details; everything else is deleted. This cannot be undone."
            autoComplete="off"
            error={form.errors.confirmEmail ?? form.errors.email}
            onEdit={form.clearError}
          />
        </div>
        <Button type="submit" variant="destructive" disabled={form.submitting}>
          <Trash2 className="size-4" aria-hidden /> Erase
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
