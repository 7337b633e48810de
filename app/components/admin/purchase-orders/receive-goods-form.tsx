import { SelectField } from "~/components/admin/field";
import { LineQuantityField } from "~/components/admin/line-quantity-field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { FORM_CARD } from "./purchase-order-form";
import {
  receiveField,
  receivePurchaseOrderSchema,
} from "~/domain/purchasing/purchase-order-schemas";
import type { FormActionResult } from "~/lib/forms";

type Line = {
  id: number;
  sku: string;
  title: string;
  size: string;
  received: number;
  remaining: number;
};

/**
 * Receive: how many of each line came in (the rest still to come by default) and the
 * warehouse they go into. A delivery that leaves lines short keeps the order open; once every
 * line is in, the card says so.
 */
export function ReceiveGoodsForm({
  lines,
  warehouses,
  pageResult,
}: {
  lines: Line[];
  warehouses: { id: number; name: string }[];
  pageResult?: FormActionResult;
}) {
  // After a receipt the quantities go back to what is still to come (the new defaults).
  const form = useAdminForm({
    schema: receivePurchaseOrderSchema,
    pageResult,
    resetOnSuccess: true,
  });
  const { errors, clearError } = form;
  const open = lines.filter((l) => l.remaining > 0);
  if (open.length === 0) {
    // Kept on the page once the last delivery is in, so its notice still shows.
    const units = lines.reduce((sum, l) => sum + l.received, 0);
    return (
      <Card>
        <CardHeader>
          <CardTitle>Received</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">
            Every line is in: {units} {units === 1 ? "unit" : "units"} received.
          </p>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card className={FORM_CARD}>
      <CardHeader>
        <CardTitle>Receive goods</CardTitle>
      </CardHeader>
      <CardContent>
        <form.fetcher.Form
          ref={form.formRef}
          method="post"
          onSubmit={form.onSubmit}
          noValidate
          className="space-y-4"
          aria-label="Receive goods"
        >
          <input type="hidden" name="intent" value="receive" />
          <div className="max-w-sm">
            <SelectField
              name="warehouseId"
              label="Into warehouse"
              error={errors.warehouseId}
              onEdit={clearError}
              defaultValue={form.values.warehouseId ?? String(warehouses[0]?.id ?? "")}
            >
              {warehouses.length === 0 && <option value="">No active warehouse</option>}
              {warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </SelectField>
          </div>
          {errors.receive && (
            <p className="text-sm text-destructive" role="alert">
              {errors.receive}
            </p>
          )}
          <ul className="space-y-3">
            {open.map((line) => (
              <LineQuantityField
                key={line.id}
                name={receiveField(line.id)}
                label={
                  <>
                    {line.title} · {line.size}{" "}
                    <span className="font-mono text-xs text-muted-foreground">{line.sku}</span>
                  </>
                }
                note={`${line.remaining} still to come`}
                defaultValue={form.values[receiveField(line.id)] ?? String(line.remaining)}
                errors={errors}
                onEdit={() => {
                  clearError(receiveField(line.id));
                  clearError("receive");
                }}
              />
            ))}
          </ul>
          <Button type="submit" disabled={form.submitting || warehouses.length === 0}>
            {form.submitting ? "Receiving..." : "Receive"}
          </Button>
        </form.fetcher.Form>
      </CardContent>
    </Card>
  );
}
