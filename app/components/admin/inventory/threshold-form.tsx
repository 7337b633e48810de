import { Button } from "~/components/admin/ui/button";
import { Input } from "~/components/admin/ui/input";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { lowStockThresholdSchema } from "~/domain/inventory/stock-schemas";

/**
 * A level's low-stock threshold, edited in its row of the stock card: a small form of its own,
 * whose refusal shows under the field.
 */
export function ThresholdForm({
  warehouseId,
  warehouse,
  threshold,
}: {
  warehouseId: number;
  warehouse: string;
  threshold: number;
}) {
  const form = useAdminForm({ schema: lowStockThresholdSchema });
  const id = `threshold-${warehouseId}`;
  const error = form.errors.threshold ?? form.errors.warehouseId;
  return (
    <form
      ref={form.formRef}
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      className="flex flex-col items-end gap-1"
    >
      <input type="hidden" name="intent" value="threshold" />
      <input type="hidden" name="warehouseId" value={warehouseId} />
      <div className="flex items-center gap-2">
        <Input
          id={id}
          name="threshold"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={threshold}
          aria-label={`Low-stock threshold in ${warehouse}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={() => form.clearError("threshold")}
          className="h-9 w-24 text-right"
        />
        <Button type="submit" variant="outline" size="sm" disabled={form.submitting}>
          Save<span className="sr-only"> threshold in {warehouse}</span>
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="max-w-56 text-right text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}
