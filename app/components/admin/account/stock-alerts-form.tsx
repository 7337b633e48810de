import { SwitchField } from "~/components/admin/switch-field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { lowStockAlertsSchema } from "~/domain/staff/preference-schemas";
import type { FormActionResult } from "~/lib/forms";

/** My Account's notifications: the staff member's own low-stock e-mails, on or off. */
export function StockAlertsForm({
  lowStockAlerts,
  pageResult,
}: {
  lowStockAlerts: boolean;
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ schema: lowStockAlertsSchema, pageResult });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form method="post" onSubmit={form.onSubmit} noValidate className="space-y-4">
          <SwitchField
            name="lowStockAlerts"
            label="Low stock alerts"
            hint="E-mail me once when an item's available stock falls to its low-stock threshold, and again only after it has been restocked and falls again."
            defaultChecked={lowStockAlerts}
            error={form.errors.lowStockAlerts}
            onEdit={form.clearError}
          />
          <Button type="submit" disabled={form.submitting}>
            {form.submitting ? "Saving..." : "Save"}
          </Button>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
