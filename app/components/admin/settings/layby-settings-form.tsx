import { Field, TextareaField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { laybySettingsSchema } from "~/domain/settings/settings-schemas";
import type { FormActionResult } from "~/lib/forms";
import { MONEY_INPUT } from "~/lib/money";

export type LaybySettingsValues = {
  minDeposit: string;
  charge: string;
  interest: string;
  closedDays: string;
};

/**
 * General's lay-by card: the smallest deposit checkout asks for, the cancellation charge (at
 * most 1% of the price of the goods, regulation 34), the interest paid back when the shop cannot
 * supply the goods (s62(3)) and the days the shop is closed. A plan keeps the deposit and charge
 * it was agreed with.
 */
export function LaybySettingsForm({
  saved,
  canEdit,
  pageResult,
}: {
  saved: LaybySettingsValues;
  canEdit: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: laybySettingsSchema, pageResult });
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="layby" />
      <Card>
        <CardHeader>
          <CardTitle>Lay-by</CardTitle>
        </CardHeader>
        <CardContent>
          <fieldset disabled={!canEdit} className="space-y-4">
            <legend className="sr-only">Lay-by terms</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                name="laybyMinDepositCents"
                label="Minimum deposit (R)"
                hint="The smallest deposit a shopper can choose at checkout."
                {...MONEY_INPUT}
                defaultValue={form.values.laybyMinDepositCents ?? saved.minDeposit}
                error={form.errors.laybyMinDepositCents}
                onEdit={form.clearError}
              />
              <Field
                name="laybyChargeBasisPoints"
                label="Cancellation charge (% of the price of the goods)"
                hint="At most 1% (Consumer Protection Act, regulation 34), worked on the goods after any discount, without delivery or add-ons. Shown to the shopper before they agree."
                inputMode="decimal"
                defaultValue={form.values.laybyChargeBasisPoints ?? saved.charge}
                error={form.errors.laybyChargeBasisPoints}
                onEdit={form.clearError}
              />
              <Field
                name="laybyInterestBasisPoints"
                label="Interest when the shop cannot supply (% a year)"
                hint="Simple interest on each payment from the day it was received, paid back with everything paid (Consumer Protection Act s62(3)). Keep it at the prescribed rate of interest."
                inputMode="decimal"
                defaultValue={form.values.laybyInterestBasisPoints ?? saved.interest}
                error={form.errors.laybyInterestBasisPoints}
                onEdit={form.clearError}
              />
              <TextareaField
                name="closedDays"
                label="Days the shop is closed"
                hint="Besides Sundays and public holidays, one a line as YYYY-MM-DD (a declared holiday, stocktaking). A lay-by's 60 business days before it lapses do not count them."
                rows={4}
                defaultValue={form.values.closedDays ?? saved.closedDays}
                error={form.errors.closedDays}
                onEdit={form.clearError}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              Plans already agreed keep the deposit and charge they were agreed with; a new closed
              day moves their lapse day later when it falls within their 60 business days.
            </p>
            {canEdit && (
              <Button type="submit" disabled={form.submitting}>
                {form.submitting ? "Saving..." : "Save Lay-by"}
              </Button>
            )}
          </fieldset>
        </CardContent>
      </Card>
    </form.fetcher.Form>
  );
}
