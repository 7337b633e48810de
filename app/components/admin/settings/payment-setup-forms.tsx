import type { ReactNode } from "react";
import { Field, SelectField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  BANK_ACCOUNT_TYPES,
  bankDetailsSchema,
  payfastSettingsSchema,
  payflexSettingsSchema,
} from "~/domain/settings/settings-schemas";
import type { PaymentSetupView } from "~/domain/settings/payment-settings.server";
import type { FormActionResult } from "~/lib/forms";

type FormProps<T> = { saved: T; canEdit: boolean; pageResult?: FormActionResult };

/** Where a secret field says what is saved: its last four characters, and that empty keeps it. */
function secretHint(masked: string, what: string): string {
  return masked
    ? `Saved: ${masked}. Leave empty to keep it; type a new ${what} to replace it.`
    : `Not saved yet.`;
}

const ENV_NOTE = "Set by the server's environment, which wins over these settings.";

function ModeField(props: {
  name: string;
  value: string;
  error?: string;
  onEdit: (name: string) => void;
}) {
  return (
    <SelectField
      name={props.name}
      label="Mode"
      hint="Sandbox takes test payments only; live takes real money."
      defaultValue={props.value}
      error={props.error}
      onEdit={props.onEdit}
    >
      <option value="sandbox">Sandbox</option>
      <option value="live">Live</option>
    </SelectField>
  );
}

/** The form's frame: the environment's note, the fields (disabled when they cannot change), a save. */
function SetupFrame(props: {
  legend: string;
  setByEnvironment: boolean;
  canEdit: boolean;
  submitting: boolean;
  save: string;
  children: ReactNode;
}) {
  const { legend, setByEnvironment, canEdit, submitting, save, children } = props;
  return (
    <fieldset disabled={!canEdit || setByEnvironment} className="space-y-4">
      <legend className="sr-only">{legend}</legend>
      {setByEnvironment && (
        <p role="note" className="text-sm text-muted-foreground">
          {ENV_NOTE}
        </p>
      )}
      {children}
      {canEdit && !setByEnvironment && (
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving..." : save}
        </Button>
      )}
    </fieldset>
  );
}

export function PayfastForm({
  saved,
  canEdit,
  pageResult,
}: FormProps<PaymentSetupView["payfast"]>) {
  const form = useAdminForm({ schema: payfastSettingsSchema, pageResult });
  const kept = form.values;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="payfast" />
      <SetupFrame
        legend="PayFast set-up"
        setByEnvironment={saved.setByEnvironment}
        canEdit={canEdit}
        submitting={form.submitting}
        save="Save PayFast"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="payfastMerchantId"
            label="Merchant ID"
            inputMode="numeric"
            autoComplete="off"
            defaultValue={kept.payfastMerchantId ?? saved.merchantId}
            error={form.errors.payfastMerchantId}
            onEdit={form.clearError}
          />
          <Field
            key={`key-${saved.merchantKey}`}
            name="payfastMerchantKey"
            label="Merchant key"
            type="password"
            autoComplete="off"
            hint={secretHint(saved.merchantKey, "key")}
            error={form.errors.payfastMerchantKey}
            onEdit={form.clearError}
          />
          <Field
            key={`pass-${saved.passphrase}`}
            name="payfastPassphrase"
            label="Passphrase"
            type="password"
            autoComplete="off"
            hint={secretHint(saved.passphrase, "passphrase")}
            error={form.errors.payfastPassphrase}
            onEdit={form.clearError}
          />
          <ModeField
            name="payfastMode"
            value={kept.payfastMode ?? saved.mode}
            error={form.errors.payfastMode}
            onEdit={form.clearError}
          />
        </div>
      </SetupFrame>
    </form.fetcher.Form>
  );
}

export function PayflexForm({
  saved,
  canEdit,
  pageResult,
}: FormProps<PaymentSetupView["payflex"]>) {
  const form = useAdminForm({ schema: payflexSettingsSchema, pageResult });
  const kept = form.values;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="payflex" />
      <SetupFrame
        legend="PayFlex set-up"
        setByEnvironment={saved.setByEnvironment}
        canEdit={canEdit}
        submitting={form.submitting}
        save="Save PayFlex"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="payflexClientId"
            label="Client ID"
            autoComplete="off"
            defaultValue={kept.payflexClientId ?? saved.clientId}
            error={form.errors.payflexClientId}
            onEdit={form.clearError}
          />
          <Field
            key={`secret-${saved.clientSecret}`}
            name="payflexClientSecret"
            label="Client secret"
            type="password"
            autoComplete="off"
            hint={secretHint(saved.clientSecret, "secret")}
            error={form.errors.payflexClientSecret}
            onEdit={form.clearError}
          />
          <ModeField
            name="payflexMode"
            value={kept.payflexMode ?? saved.mode}
            error={form.errors.payflexMode}
            onEdit={form.clearError}
          />
        </div>
      </SetupFrame>
    </form.fetcher.Form>
  );
}

/** The fetcher the remove button shares with the page, which shows its notice. */
export const removeSetupFetcherKey = (provider: "payfast" | "payflex") =>
  `remove-${provider}-setup`;

/**
 * Forgets a provider's saved set-up; the button names the provider it acts on. The button
 * leaves the page once the keys are gone, so the page shows the notice (useResultToasts with
 * removeSetupFetcherKey).
 */
export function RemoveSetupButton({
  provider,
  name,
  pageResult,
}: {
  provider: "payfast" | "payflex";
  name: string;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({
    pageResult,
    fetcherKey: removeSetupFetcherKey(provider),
    toasts: false,
  });
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit}>
      <input type="hidden" name="intent" value={`remove-${provider}`} />
      <Button type="submit" size="sm" variant="outline" disabled={form.submitting}>
        {form.submitting ? "Removing..." : `Remove saved ${name} keys`}
      </Button>
    </form.fetcher.Form>
  );
}

export type BankValues = {
  bankName: string;
  bankAccountHolder: string;
  bankAccountNumber: string;
  bankBranchCode: string;
  bankAccountType: string;
};

/** The shop's bank account for EFT payments, printed on hand-made invoices still to be paid. */
export function BankDetailsForm({ saved, canEdit, pageResult }: FormProps<BankValues>) {
  const form = useAdminForm({ schema: bankDetailsSchema, pageResult });
  const value = (name: keyof BankValues) => form.values[name] ?? saved[name];
  const field = (name: keyof BankValues, label: string, extra: { inputMode?: "numeric" } = {}) => (
    <Field
      name={name}
      label={label}
      {...extra}
      defaultValue={value(name)}
      error={form.errors[name]}
      onEdit={form.clearError}
    />
  );
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="bank" />
      <fieldset disabled={!canEdit} className="space-y-4">
        <legend className="sr-only">Bank details for EFT payments</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {field("bankName", "Bank")}
          {field("bankAccountHolder", "Account holder")}
          {field("bankAccountNumber", "Account number", { inputMode: "numeric" })}
          {field("bankBranchCode", "Branch code", { inputMode: "numeric" })}
          <SelectField
            name="bankAccountType"
            label="Account type"
            defaultValue={value("bankAccountType")}
            error={form.errors.bankAccountType}
            onEdit={form.clearError}
          >
            <option value="">Choose...</option>
            {BANK_ACCOUNT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
        </div>
        {canEdit && (
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Saving..." : "Save Bank Details"}
          </Button>
        )}
      </fieldset>
    </form.fetcher.Form>
  );
}
