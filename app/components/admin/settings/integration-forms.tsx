import type { ReactNode } from "react";
import { Field } from "~/components/admin/field";
import { SwitchField } from "~/components/admin/switch-field";
import { Button } from "~/components/admin/ui/button";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  analyticsSettingsSchema,
  shippingSettingsSchema,
} from "~/domain/settings/settings-schemas";
import type { FormActionResult } from "~/lib/forms";
import { MONEY_INPUT } from "~/lib/money";

/**
 * One button that asks the server to do one thing (send a test e-mail, check a provider): the
 * answer shows as a notice and, so it stays readable, as a line under the button.
 */
export function IntegrationActionButton({
  intent,
  children,
  pageResult,
}: {
  intent: string;
  children: ReactNode;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ pageResult });
  const answer = form.result
    ? form.result.ok
      ? form.result.message.description
      : form.result.alert.description
    : null;
  const messageId = `${intent}-message`;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} className="space-y-1">
      <input type="hidden" name="intent" value={intent} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={form.submitting}
        aria-describedby={answer ? messageId : undefined}
      >
        {form.submitting ? "Working..." : children}
      </Button>
      {answer && (
        <p
          id={messageId}
          role={form.result?.ok ? "status" : "alert"}
          className={form.result?.ok ? "text-sm text-muted-foreground" : "text-sm text-destructive"}
        >
          {answer}
        </p>
      )}
    </form.fetcher.Form>
  );
}

export type ShippingValues = {
  standardDelivery: string;
  expressDelivery: string;
  freeDeliveryThreshold: string;
  removalFee: string;
  assemblyFee: string;
};

/** Own delivery: the fees cart and checkout charge, and where standard delivery becomes free. */
export function ShippingForm({
  saved,
  canEdit,
  pageResult,
}: {
  saved: ShippingValues;
  canEdit: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: shippingSettingsSchema, pageResult });
  const field = (name: string, label: string, value: string, hint: string) => (
    <Field
      name={name}
      label={label}
      hint={hint}
      {...MONEY_INPUT}
      defaultValue={form.values[name] ?? value}
      error={form.errors[name]}
      onEdit={form.clearError}
    />
  );
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="shipping" />
      <fieldset disabled={!canEdit} className="space-y-4">
        <legend className="sr-only">Own delivery</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          {field(
            "standardDeliveryCents",
            "Standard delivery (R)",
            saved.standardDelivery,
            "Charged below the free-delivery amount.",
          )}
          {field(
            "expressDeliveryCents",
            "Express delivery (R)",
            saved.expressDelivery,
            "Always charged for express.",
          )}
          {field(
            "freeDeliveryThresholdCents",
            "Free standard delivery from (R)",
            saved.freeDeliveryThreshold,
            "A cart of this amount or more ships free.",
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          {field(
            "removalFeeCents",
            "Take away old mattress or bed (R)",
            saved.removalFee,
            "A checkout add-on, charged everywhere.",
          )}
          {field(
            "assemblyFeeCents",
            "Assemble new bed (R)",
            saved.assemblyFee,
            "A checkout add-on, charged everywhere.",
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          The home town&apos;s rates, which the cart and product pages promise. Checkout charges by
          the address&apos;s delivery zone (Deliveries), and these rates only while no zone is
          active. The add-ons&apos; fees apply in every zone; an order keeps the fees it was placed
          with.
        </p>
        {canEdit && (
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Saving..." : "Save Shipping"}
          </Button>
        )}
      </fieldset>
    </form.fetcher.Form>
  );
}

export type AnalyticsValues = { enabled: boolean; scriptUrl: string; domain: string };

/** Visitor analytics: off by default; on, the storefront loads the one script named here. */
export function AnalyticsForm({
  saved,
  canEdit,
  pageResult,
}: {
  saved: AnalyticsValues;
  canEdit: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: analyticsSettingsSchema, pageResult });
  const kept = form.values;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="analytics" />
      <fieldset disabled={!canEdit} className="space-y-4">
        <legend className="sr-only">Analytics</legend>
        <SwitchField
          name="analyticsEnabled"
          label="Load the analytics script on the storefront"
          hint="Off, no third-party script loads on any page. Use a cookie-free service such as Plausible."
          defaultChecked={kept.analyticsEnabled ? kept.analyticsEnabled === "on" : saved.enabled}
          error={form.errors.analyticsEnabled}
          onEdit={form.clearError}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="analyticsScriptUrl"
            label="Script address"
            type="url"
            placeholder="https://plausible.io/js/script.js"
            defaultValue={kept.analyticsScriptUrl ?? saved.scriptUrl}
            error={form.errors.analyticsScriptUrl}
            onEdit={form.clearError}
          />
          <Field
            name="analyticsDomain"
            label="Site domain"
            placeholder="example.co.za"
            defaultValue={kept.analyticsDomain ?? saved.domain}
            error={form.errors.analyticsDomain}
            onEdit={form.clearError}
          />
        </div>
        {canEdit && (
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Saving..." : "Save Analytics"}
          </Button>
        )}
      </fieldset>
    </form.fetcher.Form>
  );
}
