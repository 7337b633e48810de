import type { ReactNode } from "react";
import { Button } from "~/components/admin/ui/button";
import { useAdminForm } from "~/components/admin/use-admin-form";
import type { FormActionResult } from "~/lib/forms";

/**
 * One button that posts one change of a warehouse (sell online or not, deactivate, reactivate)
 * through the admin form pattern: a notice once it is saved, and a refusal shown under the
 * button as well as in a notice, so it stays readable after the notice has gone.
 */
export function WarehouseActionButton({
  warehouseId,
  intent,
  fields = {},
  children,
  variant = "outline",
  pageResult,
}: {
  warehouseId: number;
  intent: string;
  fields?: Record<string, string>;
  children: ReactNode;
  variant?: "outline" | "destructive";
  /** The page's answer when this form was posted without JavaScript. */
  pageResult?: FormActionResult;
}) {
  const form = useAdminForm({ pageResult });
  const refusal = form.result && !form.result.ok ? form.result.alert.description : null;
  const messageId = `warehouse-${warehouseId}-${intent}-message`;
  return (
    <form.fetcher.Form method="post" onSubmit={form.onSubmit} className="space-y-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="warehouseId" value={warehouseId} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button
        type="submit"
        size="sm"
        variant={variant}
        disabled={form.submitting}
        aria-describedby={refusal ? messageId : undefined}
      >
        {children}
      </Button>
      {refusal && (
        <p id={messageId} role="alert" className="max-w-64 text-sm text-destructive">
          {refusal}
        </p>
      )}
    </form.fetcher.Form>
  );
}
