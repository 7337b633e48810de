import { Download, Search, ShieldCheck, Trash2 } from "lucide-react";
import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { ROLE_LABELS } from "~/domain/auth/roles";
import { erasePersonalData, type Erasure } from "~/domain/privacy/erase-personal-data.server";
import {
  lookUpPersonalData,
  type PersonalDataSummary,
} from "~/domain/privacy/privacy-requests.server";
import { privacyErasureSchema, privacyLookupSchema } from "~/domain/privacy/schemas";
import { formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { formatDateTime } from "~/lib/dates";
import { parseForm, type FormActionResult } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { readForm } from "~/lib/request-input.server";
import { requireOwner } from "~/lib/staff-gate.server";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Requests | Admin" }];

type Outcome = FormActionResult & { found?: PersonalDataSummary; erasure?: Erasure };

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  return null;
}

/** Owner only: look up what is held about an address, or erase it (POPIA s23, s24). */
export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request);
  const formData = await readForm(request);
  const clientAddress = context.clientAddress;
  if (formData.get("intent") === "erase") {
    const parsed = parseForm(privacyErasureSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const erasure = await erasePersonalData({
        email: parsed.data.email,
        actor: owner,
        clientAddress,
      });
      const total = Object.values(erasure.erased).reduce((a, b) => a + b, 0);
      return {
        ...succeeded(
          "Personal Data Erased",
          total === 0
            ? "Nothing was held about that address."
            : "Everything held about that address is erased or anonymised.",
        ),
        erasure,
      } satisfies Outcome;
    });
  }
  const parsed = parseForm(privacyLookupSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const found = await lookUpPersonalData({
      email: parsed.data.email,
      actor: owner,
      clientAddress,
    });
    const total = Object.values(found.counts).reduce((a, b) => a + b, 0);
    return {
      ...succeeded(
        "Search Complete",
        total === 0 ? "Nothing is held about that address." : `${total} records found.`,
      ),
      found,
    } satisfies Outcome;
  });
}

const COUNT_LABELS: Record<keyof PersonalDataSummary["counts"], string> = {
  account: "Shopper account",
  addresses: "Saved addresses",
  orders: "Orders",
  invoices: "Invoices",
  consultations: "Consultation requests",
  messages: "Contact messages",
  subscriptions: "Newsletter subscription",
  auditEntries: "Audit log entries",
};

export default function PrivacyPage({ actionData }: Route.ComponentProps) {
  const page = actionData as Outcome | undefined;
  const lookup = useAdminForm({
    schema: privacyLookupSchema,
    pageResult: page && !("erasure" in page) ? page : undefined,
    validationTitle: "Validation Error",
  });
  const erase = useAdminForm({
    schema: privacyErasureSchema,
    pageResult: page && "erasure" in page ? page : undefined,
  });
  const found = (lookup.result as Outcome | undefined)?.found;
  const erasure = (erase.result as Outcome | undefined)?.erasure;

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <ShieldCheck className="size-6" aria-hidden /> Privacy Requests
        </h1>
        <p className="text-muted-foreground">
          When someone asks what the shop holds about them, to have it corrected or deleted (POPIA
          sections 23 and 24), find it here by their e-mail address. Each search, download and
          erasure is in the audit log, under a reference rather than the address.
        </p>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Find what is held</CardTitle>
        </CardHeader>
        <CardContent>
          <lookup.fetcher.Form
            method="post"
            ref={lookup.formRef}
            onSubmit={lookup.onSubmit}
            noValidate
            className="flex flex-wrap items-end gap-3"
          >
            <input type="hidden" name="intent" value="find" />
            <div className="min-w-64 flex-1">
              <Field
                name="email"
                type="email"
                label="E-mail address"
                autoComplete="off"
                defaultValue={lookup.values.email ?? found?.email ?? ""}
                error={lookup.errors.email}
                onEdit={lookup.clearError}
              />
            </div>
            <Button type="submit" disabled={lookup.submitting}>
              <Search className="size-4" aria-hidden /> Search
            </Button>
          </lookup.fetcher.Form>
        </CardContent>
      </Card>

      {found ? <Findings found={found} erase={erase} /> : null}

      {erasure ? (
        <Card>
          <CardHeader>
            <CardTitle>Erased</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            <ul className="list-disc pl-5">
              {Object.entries(erasure.erased)
                .filter(([, n]) => n > 0)
                .map(([key, n]) => (
                  <li key={key}>
                    {COUNT_LABELS[key as keyof typeof COUNT_LABELS]}: {n}
                  </li>
                ))}
            </ul>
            {erasure.kept.length > 0 ? (
              <>
                <p className="font-medium">Kept because the law requires it:</p>
                <ul className="list-disc pl-5">
                  {erasure.kept.map((k) => (
                    <li key={k.record}>
                      {k.record}. {k.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function Findings({
  found,
  erase,
}: {
  found: PersonalDataSummary;
  erase: ReturnType<typeof useAdminForm>;
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
          <div className="flex flex-wrap gap-6 border-t pt-4">
            <Form method="post" action="/admin/privacy/export" reloadDocument>
              <input type="hidden" name="email" value={found.email} />
              <Button type="submit" variant="outline">
                <Download className="size-4" aria-hidden /> Download everything (JSON)
              </Button>
            </Form>
            <erase.fetcher.Form
              method="post"
              ref={erase.formRef}
              onSubmit={erase.onSubmit}
              noValidate
              className="flex min-w-72 flex-1 flex-wrap items-end gap-3"
            >
              <input type="hidden" name="intent" value="erase" />
              <input type="hidden" name="email" value={found.email} />
              <div className="min-w-64 flex-1">
                <Field
                  name="confirmEmail"
                  label="Type the address again to erase"
                  hint="Orders and invoices stay as accounting records without the personal details; everything else is deleted. This cannot be undone."
                  autoComplete="off"
                  error={erase.errors.confirmEmail ?? erase.errors.email}
                  onEdit={erase.clearError}
                />
              </div>
              <Button type="submit" variant="destructive" disabled={erase.submitting}>
                <Trash2 className="size-4" aria-hidden /> Erase
              </Button>
            </erase.fetcher.Form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
