import { Search, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { COUNT_LABELS, PrivacyFindings } from "~/components/admin/privacy/privacy-findings";
import { erasePersonalData, type Erasure } from "~/domain/privacy/erase-personal-data.server";
import {
  lookUpPersonalData,
  type PersonalDataSummary,
} from "~/domain/privacy/privacy-requests.server";
import { correctPersonalData } from "~/domain/privacy/correct-personal-data.server";
import {
  privacyCorrectionSchema,
  privacyErasureSchema,
  privacyLookupSchema,
} from "~/domain/privacy/schemas";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm, type FormActionResult } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireOwner } from "~/lib/staff-gate.server";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy Requests | Admin" }];

type Outcome = FormActionResult & {
  found?: PersonalDataSummary;
  erasure?: Erasure;
  intent?: "find" | "correct" | "erase";
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  return null;
}

/** Owner only: look up what is held about an address, or erase it (POPIA s23, s24). */
export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request);
  const formData = await readForm(request);
  const clientAddress = context.clientAddress;
  if (formData.get("intent") === "correct") {
    const parsed = parseForm(privacyCorrectionSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      const changed = await correctPersonalData({
        correction: parsed.data,
        actor: owner,
        clientAddress,
      });
      const email = parsed.data.newEmail || parsed.data.email;
      return {
        ...succeeded(
          "Details Corrected",
          `Changed: ${changed.account} account, ${changed.orders} orders, ${changed.enquiries} enquiries, ${changed.subscriptions} subscriptions.`,
        ),
        intent: "correct",
        // The page shows what is now held, under the address as it is now.
        found: await lookUpPersonalData({ email, actor: owner, clientAddress }),
      } satisfies Outcome;
    });
  }
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
        intent: "erase",
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
      intent: "find",
      found,
    } satisfies Outcome;
  });
}

/** Which form a page result (a post without JavaScript) belongs to. */
function intentOf(result: Outcome | undefined) {
  if (!result) return undefined;
  return result.intent ?? (!result.ok ? result.values.intent : undefined) ?? "find";
}

export default function PrivacyPage({ actionData }: Route.ComponentProps) {
  const page = actionData as Outcome | undefined;
  const pageFor = (intent: string) => (intentOf(page) === intent ? page : undefined);
  const lookup = useAdminForm({ schema: privacyLookupSchema, pageResult: pageFor("find") });
  const correct = useAdminForm({
    schema: privacyCorrectionSchema,
    pageResult: pageFor("correct"),
  });
  const erase = useAdminForm({ schema: privacyErasureSchema, pageResult: pageFor("erase") });

  // The findings shown are the latest search's, or the latest correction's (which searches again).
  const [found, setFound] = useState(page?.found);
  const [erasure, setErasure] = useState(page?.erasure);
  useEffect(() => {
    const result = lookup.fetcher.data as Outcome | undefined;
    if (result?.found) {
      setFound(result.found);
      setErasure(undefined);
    }
  }, [lookup.fetcher.data]);
  useEffect(() => {
    const result = correct.fetcher.data as Outcome | undefined;
    if (result?.found) setFound(result.found);
  }, [correct.fetcher.data]);
  useEffect(() => {
    const result = erase.fetcher.data as Outcome | undefined;
    if (result?.erasure) {
      setErasure(result.erasure);
      setFound(undefined);
    }
  }, [erase.fetcher.data]);

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

      {found ? <PrivacyFindings found={found} correct={correct} erase={erase} /> : null}

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
