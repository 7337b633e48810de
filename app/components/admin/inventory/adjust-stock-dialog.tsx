import { PackagePlus } from "lucide-react";
import { useState } from "react";
import { Field, SelectField } from "~/components/admin/field";
import { FormDialog, type FormDialogFields } from "~/components/admin/form-dialog";
import { Button } from "~/components/admin/ui/button";
import { Label } from "~/components/admin/ui/input";
import { MOVEMENT_KIND_LABELS } from "~/domain/inventory/stock-card";
import {
  adjustStockSchema,
  STOCK_MOVEMENT_TYPES,
  STOCK_REASON_MAX,
  type StockMovementType,
} from "~/domain/inventory/stock-schemas";
import { VariantPicker } from "./variant-picker";

export type WarehouseChoice = { id: number; name: string };

const QUANTITY_HINTS: Record<StockMovementType, string> = {
  adjustment: "Units to add, or with a minus sign to remove (-2 takes two away).",
  purchase_receipt: "Units received into the warehouse.",
  transfer: "Units moved to the other warehouse.",
  sale: "Units sold outside the online shop (taken off the shelf).",
};

/**
 * "Adjust Stock": one movement through the stock ledger (adjustment, purchase receipt, transfer
 * or sale). Posts to the inventory page's action; the dialog closes and "Stock Adjusted" shows
 * only once it is saved. `preset` fills in the variant (on its stock card).
 */
export function AdjustStockDialog({
  warehouses,
  preset,
}: {
  warehouses: readonly WarehouseChoice[];
  preset?: { sku: string; label: string };
}) {
  return (
    <FormDialog
      trigger={
        <Button>
          <PackagePlus aria-hidden /> Adjust Stock
        </Button>
      }
      title="Adjust Stock"
      description="Record stock counted, received, sold or moved between warehouses. It is written to the stock history."
      action="/admin/inventory"
      intent="adjust"
      schema={adjustStockSchema}
      submitLabel="Save"
    >
      {(form) => <AdjustStockFields form={form} warehouses={warehouses} preset={preset} />}
    </FormDialog>
  );
}

/** The fields, mounted with the dialog: the movement type starts as an adjustment each time. */
function AdjustStockFields({
  form: { errors, clearError, values },
  warehouses,
  preset,
}: {
  form: FormDialogFields;
  warehouses: readonly WarehouseChoice[];
  preset?: { sku: string; label: string };
}) {
  const [kind, setKind] = useState<StockMovementType>(
    STOCK_MOVEMENT_TYPES.find((k) => k === values.kind) ?? "adjustment",
  );
  const options = warehouses.map((w) => (
    <option key={w.id} value={w.id}>
      {w.name}
    </option>
  ));
  return (
    <>
      <VariantField
        error={errors.sku}
        onEdit={() => clearError("sku")}
        defaultValue={values.sku ?? preset?.sku ?? ""}
        defaultLabel={preset?.label}
      />
      <SelectField
        name="kind"
        label="Movement type"
        defaultValue={kind}
        error={errors.kind}
        onEdit={clearError}
        onChange={(e) => setKind(e.target.value as StockMovementType)}
      >
        {STOCK_MOVEMENT_TYPES.map((k) => (
          <option key={k} value={k}>
            {MOVEMENT_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <SelectField
        name="warehouseId"
        label={kind === "transfer" ? "From warehouse" : "Warehouse"}
        defaultValue={values.warehouseId}
        error={errors.warehouseId}
        onEdit={clearError}
      >
        {options}
      </SelectField>
      {kind === "transfer" && (
        <SelectField
          name="toWarehouseId"
          label="To warehouse"
          defaultValue={values.toWarehouseId ?? ""}
          error={errors.toWarehouseId}
          onEdit={clearError}
        >
          <option value="">Choose a warehouse</option>
          {options}
        </SelectField>
      )}
      <Field
        name="quantity"
        label="Quantity"
        type="number"
        inputMode="numeric"
        step={1}
        hint={QUANTITY_HINTS[kind]}
        defaultValue={values.quantity}
        error={errors.quantity}
        onEdit={clearError}
      />
      <Field
        name="reason"
        label={kind === "adjustment" ? "Reason" : "Reason (optional)"}
        hint={
          kind === "adjustment" ? "Required for adjustments: counted, damaged, found..." : undefined
        }
        maxLength={STOCK_REASON_MAX}
        defaultValue={values.reason}
        error={errors.reason}
        onEdit={clearError}
      />
    </>
  );
}

/** The product field: a label, the picker, and its message, wired as Field wires its input. */
function VariantField({
  error,
  onEdit,
  defaultValue,
  defaultLabel,
}: {
  error?: string;
  onEdit: () => void;
  defaultValue: string;
  defaultLabel?: string;
}) {
  const id = "field-sku";
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Product</Label>
      <p id={hintId} className="text-xs text-muted-foreground">
        Type a SKU or part of a product name, then pick the size from the list.
      </p>
      <VariantPicker
        id={id}
        name="sku"
        defaultValue={defaultValue}
        defaultLabel={defaultLabel}
        onEdit={onEdit}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      />
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
