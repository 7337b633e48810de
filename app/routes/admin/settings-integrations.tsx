import type { ReactNode } from "react";
import { FormNotice } from "~/components/admin/auth-card";
import {
  AnalyticsForm,
  IntegrationActionButton,
  ShippingForm,
} from "~/components/admin/settings/integration-forms";
import { OwnerOnlyNote } from "~/components/admin/settings/owner-only-note";
import {
  BankDetailsForm,
  PayfastForm,
  PayflexForm,
  RemoveSetupButton,
  removeSetupFetcherKey,
} from "~/components/admin/settings/payment-setup-forms";
import { useResultToasts } from "~/components/admin/invoices/invoice-actions";
import { Badge } from "~/components/admin/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  checkPaymentConnection,
  integrationStatus,
  sendTestEmail,
  type ProviderStatus,
} from "~/domain/settings/integrations.server";
import {
  analyticsSettingsSchema,
  shippingSettingsSchema,
} from "~/domain/settings/settings-schemas";
import { paymentSetupView } from "~/domain/settings/payment-settings.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import {
  updateAnalyticsSettings,
  updateShippingSettings,
} from "~/domain/settings/update-settings.server";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm, type FormActionResult } from "~/lib/forms";
import { readForm } from "~/lib/request-input.server";
import { requireOwner, requireStaff } from "~/lib/staff-gate.server";
import { amountInputValue } from "~/lib/money";
import { isPaymentSetupIntent, paymentSetupAction } from "./payment-setup-action.server";
import type { Route } from "./+types/settings-integrations";

export const meta: Route.MetaFunction = () => [{ title: "Integrations | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const s = await getStoreSettings();
  return {
    canEdit: user.role === "owner",
    status: integrationStatus(),
    // Saved ids and modes, secrets as their last four characters only.
    payments: paymentSetupView(s),
    bank: {
      bankName: s.bankName,
      bankAccountHolder: s.bankAccountHolder,
      bankAccountNumber: s.bankAccountNumber,
      bankBranchCode: s.bankBranchCode,
      bankAccountType: s.bankAccountType,
    },
    shipping: {
      standardDelivery: amountInputValue(s.standardDeliveryCents),
      expressDelivery: amountInputValue(s.expressDeliveryCents),
      freeDeliveryThreshold: amountInputValue(s.freeDeliveryThresholdCents),
      removalFee: amountInputValue(s.removalFeeCents),
      assemblyFee: amountInputValue(s.assemblyFeeCents),
    },
    analytics: {
      enabled: s.analyticsEnabled,
      scriptUrl: s.analyticsScriptUrl,
      domain: s.analyticsDomain,
    },
  };
}

/** Each card's form names its intent; every one of them is the owner's. */
export async function action({ request }: Route.ActionArgs) {
  const actor = await requireOwner(request);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (isPaymentSetupIntent(intent)) return paymentSetupAction(intent, actor, formData);
  if (intent === "shipping") {
    const parsed = parseForm(shippingSettingsSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      await updateShippingSettings({ actor, input: parsed.data });
      return succeeded(
        "Settings Saved",
        "Cart and checkout charge the new delivery and add-on fees.",
      );
    });
  }
  if (intent === "analytics") {
    const parsed = parseForm(analyticsSettingsSchema, formData);
    if (!parsed.ok) return invalid(parsed, formData);
    return attempt(formData, async () => {
      await updateAnalyticsSettings({ actor, input: parsed.data });
      return succeeded(
        "Settings Saved",
        parsed.data.analyticsEnabled
          ? "The storefront now loads the analytics script."
          : "Analytics is off: the storefront loads no analytics script.",
      );
    });
  }
  if (intent === "test-email") {
    return attempt(formData, async () => {
      const { to } = await sendTestEmail({ actor });
      return succeeded("Test E-mail Sent", `A test e-mail was sent to ${to}.`);
    });
  }
  if (intent === "check-payfast" || intent === "check-payflex") {
    const provider = intent === "check-payfast" ? "payfast" : "payflex";
    return attempt(formData, async () => {
      const { message } = await checkPaymentConnection({ actor, provider });
      return succeeded("Connection Works", message);
    });
  }
  return refused(400, { title: "Error", description: "Unknown request." }, formData);
}

export default function IntegrationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { canEdit, status, payments, bank, shipping, analytics } = loaderData;
  // The remove buttons leave the page with the keys they remove: their notices show here.
  useResultToasts(removeSetupFetcherKey("payfast"));
  useResultToasts(removeSetupFetcherKey("payflex"));
  // Without JavaScript a form posts normally: its refusal goes back to that form.
  const resultFor = (intent: string): FormActionResult | undefined =>
    actionData && !actionData.ok && actionData.values.intent === intent ? actionData : undefined;
  return (
    <section aria-labelledby="integrations-heading" className="space-y-4">
      <h2 id="integrations-heading" className="text-lg font-semibold">
        Integrations
      </h2>
      {!canEdit && <OwnerOnlyNote />}
      {actionData?.ok && (
        <FormNotice tone="success" title={actionData.message.title}>
          {actionData.message.description}
        </FormNotice>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Email Service</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3 text-sm">
          <p>
            <Badge variant={status.mail === "smtp" ? "default" : "secondary"}>
              {status.mail === "smtp" ? "SMTP configured" : "Outbox only"}
            </Badge>{" "}
            {status.mail === "smtp"
              ? "The shop sends e-mail through its SMTP server (SMTP_URL)."
              : "No SMTP server is set (SMTP_URL): e-mails are written to the outbox folder and not delivered."}
          </p>
          {canEdit && (
            <IntegrationActionButton intent="test-email" pageResult={resultFor("test-email")}>
              Send test e-mail
            </IntegrationActionButton>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment Gateway</CardTitle>
        </CardHeader>
        <CardContent className="space-y-6 text-sm">
          {canEdit && !payments.canStoreSecrets && (
            <p role="note" className="text-destructive">
              The server has no SETTINGS_ENCRYPTION_KEY, so keys cannot be saved here: set it, or
              set the providers in the server&apos;s environment.
            </p>
          )}
          <ProviderRow
            name="PayFast"
            what="card and instant EFT"
            status={status.payfast}
            check={
              canEdit && status.payfast.configured ? (
                <IntegrationActionButton
                  intent="check-payfast"
                  pageResult={resultFor("check-payfast")}
                >
                  Test the PayFast connection
                </IntegrationActionButton>
              ) : null
            }
          >
            <PayfastForm
              saved={payments.payfast}
              canEdit={canEdit}
              pageResult={resultFor("payfast")}
            />
            {canEdit && payments.payfast.saved && !payments.payfast.setByEnvironment && (
              <RemoveSetupButton
                provider="payfast"
                name="PayFast"
                pageResult={resultFor("remove-payfast")}
              />
            )}
          </ProviderRow>
          <ProviderRow
            name="PayFlex"
            what="pay in 4 instalments"
            status={status.payflex}
            check={
              canEdit && status.payflex.configured ? (
                <IntegrationActionButton
                  intent="check-payflex"
                  pageResult={resultFor("check-payflex")}
                >
                  Test the PayFlex connection
                </IntegrationActionButton>
              ) : null
            }
          >
            <PayflexForm
              saved={payments.payflex}
              canEdit={canEdit}
              pageResult={resultFor("payflex")}
            />
            {canEdit && payments.payflex.saved && !payments.payflex.setByEnvironment && (
              <RemoveSetupButton
                provider="payflex"
                name="PayFlex"
                pageResult={resultFor("remove-payflex")}
              />
            )}
          </ProviderRow>
          {status.demoPayments && (
            <p className="text-muted-foreground">
              Neither provider is configured: checkout uses the built-in demo gateway, which takes
              no real money.
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Bank Details for EFT</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Printed on hand-made invoices still to be paid, with the invoice number as the
            reference.
          </p>
          <BankDetailsForm saved={bank} canEdit={canEdit} pageResult={resultFor("bank")} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Shipping Provider</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <p className="text-sm text-muted-foreground">
            Own delivery: the shop delivers its orders itself.
          </p>
          <ShippingForm saved={shipping} canEdit={canEdit} pageResult={resultFor("shipping")} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Analytics</CardTitle>
        </CardHeader>
        <CardContent>
          <AnalyticsForm saved={analytics} canEdit={canEdit} pageResult={resultFor("analytics")} />
        </CardContent>
      </Card>
    </section>
  );
}

/** A provider's state (set up or not, from where, sandbox or live), its form and its check. */
function ProviderRow(props: {
  name: string;
  what: string;
  status: ProviderStatus;
  check: ReactNode;
  children: ReactNode;
}) {
  const { name, what, status, check, children } = props;
  return (
    <section aria-label={name} className="space-y-3 border-b pb-6 last:border-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h3 className="font-medium">
            {name} <span className="font-normal text-muted-foreground">({what})</span>
          </h3>
          <p>
            <Badge variant={status.configured ? "default" : "outline"}>
              {status.configured ? "Configured" : "Not configured"}
            </Badge>{" "}
            {status.configured && (
              <Badge variant={status.mode === "live" ? "accent" : "secondary"}>
                {status.mode === "live" ? "Live" : "Sandbox"}
              </Badge>
            )}{" "}
            {status.setByEnvironment && (
              <Badge variant="secondary">Set by the server&apos;s environment</Badge>
            )}
          </p>
        </div>
        {check}
      </div>
      {children}
    </section>
  );
}
