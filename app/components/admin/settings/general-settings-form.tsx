import { Field, SelectField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import {
  CURRENCIES,
  CURRENCY_MESSAGE,
  generalSettingsSchema,
} from "~/domain/settings/settings-schemas";
import { DATE_FORMATS, TIME_ZONE_MESSAGE, TIME_ZONES } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";

export type GeneralSettingsValues = {
  storeName: string;
  email: string;
  phone: string;
  streetAddress: string;
  town: string;
  province: string;
  postalCode: string;
  legalName: string;
  registrationNumber: string;
  vatNumber: string;
  timezone: string;
  dateFormat: string;
};

const DATE_EXAMPLES: Record<(typeof DATE_FORMATS)[number], string> = {
  "DD/MM/YYYY": "24/11/2026",
  "MM/DD/YYYY": "11/24/2026",
  "YYYY-MM-DD": "2026-11-24",
};

/**
 * The General tab: the shop's name, contact and legal details (header, footer, contact and
 * legal pages, e-mails and invoices use them), its time zone and date format (the back office's
 * dates), and its currency. Staff see the same form with every control disabled.
 */
export function GeneralSettingsForm({
  saved,
  canEdit,
  pageResult,
}: {
  saved: GeneralSettingsValues;
  canEdit: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: generalSettingsSchema, pageResult });
  const value = (name: keyof GeneralSettingsValues) => form.values[name] ?? saved[name];
  const text = (name: keyof GeneralSettingsValues, label: string, extra: object = {}) => (
    <Field
      name={name}
      label={label}
      defaultValue={value(name)}
      error={form.errors[name]}
      onEdit={form.clearError}
      {...extra}
    />
  );
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate className="space-y-6">
      <fieldset disabled={!canEdit} className="space-y-6">
        <legend className="sr-only">General settings</legend>
        <Card>
          <CardHeader>
            <CardTitle>Store</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {text("storeName", "Store Name", { autoComplete: "organization" })}
            {text("email", "Email", { type: "email", autoComplete: "email" })}
            {text("phone", "Phone", { type: "tel", autoComplete: "tel" })}
            <SelectField
              name="currency"
              label="Currency"
              hint={CURRENCY_MESSAGE}
              defaultValue={form.values.currency ?? "ZAR"}
              error={form.errors.currency}
              onEdit={form.clearError}
            >
              {CURRENCIES.map((c) => (
                <option key={c.code} value={c.code} disabled={!c.available}>
                  {c.code}: {c.label}
                </option>
              ))}
            </SelectField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Address</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {text("streetAddress", "Street Address", { autoComplete: "street-address" })}
            {text("town", "Town", { autoComplete: "address-level2" })}
            {text("province", "Province", { autoComplete: "address-level1" })}
            {text("postalCode", "Postal Code", {
              autoComplete: "postal-code",
              inputMode: "numeric",
            })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Legal details</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            {text("legalName", "Legal Name")}
            {text("registrationNumber", "Registration Number", {
              hint: "As CIPC writes it, such as 2009/123456/07.",
            })}
            {text("vatNumber", "VAT Number", {
              hint: "10 digits starting with 4; leave empty if the shop is not VAT-registered.",
              inputMode: "numeric",
            })}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Dates</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <SelectField
              name="timezone"
              label="Timezone"
              hint={TIME_ZONE_MESSAGE}
              defaultValue={value("timezone")}
              error={form.errors.timezone}
              onEdit={form.clearError}
            >
              {TIME_ZONES.map((zone) => (
                <option key={zone.value} value={zone.value} disabled={!zone.available}>
                  {zone.label}
                </option>
              ))}
            </SelectField>
            <SelectField
              name="dateFormat"
              label="Date Format"
              defaultValue={value("dateFormat")}
              error={form.errors.dateFormat}
              onEdit={form.clearError}
            >
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {format} ({DATE_EXAMPLES[format]})
                </option>
              ))}
            </SelectField>
          </CardContent>
        </Card>
        {canEdit && (
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Saving..." : "Save Changes"}
          </Button>
        )}
      </fieldset>
    </form.fetcher.Form>
  );
}
