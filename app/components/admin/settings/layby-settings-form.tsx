import { Field } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { laybySettingsSchema } from "~/domain/settings/settings-schemas";
import type { FormActionResult } from "~/lib/forms";
import { MONEY_INPUT } from "~/lib/money";

export type LaybySettingsValues = { minDeposit: string; charge: string };

/**
 * General's lay-by card: the smallest deposit checkout asks for and the cancellation charge
 * (at most 1% of the full price, regulation 34). A plan keeps the terms it was agreed on.
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
                label="Cancellation charge (% of the full price)"
                hint="At most 1% (Consumer Protection Act, regulation 34). Shown to the shopper before they agree."
                inputMode="decimal"
                defaultValue={form.values.laybyChargeBasisPoints ?? saved.charge}
                error={form.errors.laybyChargeBasisPoints}
                onEdit={form.clearError}
              />
            </div>
            <p className="text-sm text-muted-foreground">
              Plans already agreed keep the deposit and charge they were agreed with.
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
