import { Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/admin/ui/button";
import { Input, Label } from "~/components/admin/ui/input";
import { lineField } from "~/domain/purchasing/purchase-order-schemas";
import type { FieldErrors } from "~/lib/forms";
import { amountInputValue, formatMoney, MONEY_INPUT, parseAmount } from "~/lib/money";
import { describeVariant } from "~/domain/catalog/variant-suggestion";
import { LineFieldMessage, lineFieldAria } from "~/components/admin/line-field";
import { VariantSkuInput } from "~/components/admin/variant-sku-input";

export type LineDraft = {
  key: number;
  sku: string;
  quantity: string;
  unitCost: string;
  /** What the SKU names, once known ("Dream Mattress · Queen · cost R2,400.00"). */
  label?: string;
};

let nextKey = 1;
export const emptyLine = (): LineDraft => ({
  key: nextKey++,
  sku: "",
  quantity: "",
  unitCost: "",
});

/** A line's total as typed, or null while its quantity or cost is not a number yet. */
function lineTotal(line: LineDraft): number | null {
  const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : null;
  const cost = parseAmount(line.unitCost);
  return quantity === null || cost === null ? null : quantity * cost;
}

/**
 * The lines of a purchase order form: per line a SKU (with suggestions), a whole quantity and a
 * unit cost in Rand that takes the variant's current cost when a suggestion is picked and the
 * cost is still empty. Rows left empty are skipped by the form's schema.
 */
export function PurchaseOrderLineRows({
  lines,
  setLines,
  errors,
  clearError,
}: {
  lines: LineDraft[];
  setLines: (update: (lines: LineDraft[]) => LineDraft[]) => void;
  errors: FieldErrors;
  clearError: (name: string) => void;
}) {
  const update = (key: number, change: Partial<LineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const total = lines.reduce((sum, l) => sum + (lineTotal(l) ?? 0), 0);
  const message = (name: string) => <LineFieldMessage errors={errors} name={name} />;
  const aria = (name: string) => lineFieldAria(errors, name);

  return (
    <div className="space-y-3">
      {errors.lines && (
        <p id="lines-error" className="text-sm text-destructive" role="alert">
          {errors.lines}
        </p>
      )}
      <ol className="space-y-3" aria-label="Lines">
        {lines.map((line, row) => {
          const sku = lineField(row, "sku");
          const quantity = lineField(row, "quantity");
          const unitCost = lineField(row, "unitCost");
          const totalCents = lineTotal(line);
          return (
            <li
              key={line.key}
              className="grid gap-3 rounded-md border p-3 md:grid-cols-[minmax(0,1fr)_7rem_9rem_8rem_auto] md:items-start"
              data-testid="purchase-order-line"
            >
              <div className="space-y-1.5">
                <Label htmlFor={`field-${sku}`}>Line {row + 1}: SKU or product</Label>
                <VariantSkuInput
                  id={`field-${sku}`}
                  name={sku}
                  value={line.sku}
                  onChange={(value) => {
                    clearError(sku);
                    update(line.key, { sku: value, label: undefined });
                  }}
                  onPick={(variant) => {
                    clearError(sku);
                    setLines((all) =>
                      all.map((l) =>
                        l.key === line.key
                          ? {
                              ...l,
                              sku: variant.sku,
                              label: describeVariant(variant),
                              quantity: l.quantity || "1",
                              unitCost:
                                l.unitCost || variant.costCents === null
                                  ? l.unitCost
                                  : amountInputValue(variant.costCents),
                            }
                          : l,
                      ),
                    );
                  }}
                  {...aria(sku)}
                />
                {line.label && <p className="text-xs text-muted-foreground">{line.label}</p>}
                {message(sku)}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`field-${quantity}`}>Quantity</Label>
                <Input
                  id={`field-${quantity}`}
                  name={quantity}
                  inputMode="numeric"
                  placeholder="1"
                  value={line.quantity}
                  onChange={(e) => {
                    clearError(quantity);
                    update(line.key, { quantity: e.target.value });
                  }}
                  {...aria(quantity)}
                />
                {message(quantity)}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`field-${unitCost}`}>Unit cost (R)</Label>
                <Input
                  id={`field-${unitCost}`}
                  name={unitCost}
                  {...MONEY_INPUT}
                  placeholder="Its cost"
                  value={line.unitCost}
                  onChange={(e) => {
                    clearError(unitCost);
                    update(line.key, { unitCost: e.target.value });
                  }}
                  {...aria(unitCost)}
                />
                {message(unitCost)}
              </div>
              <div className="space-y-1.5 md:text-right">
                <p className="text-sm font-medium">Line total</p>
                <p className="py-2 text-sm tabular-nums" data-testid="line-total">
                  {totalCents === null ? "–" : formatMoney(totalCents, { cents: true })}
                </p>
              </div>
              <div className="md:pt-6">
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove line ${row + 1}`}
                  disabled={lines.length === 1}
                  onClick={() => {
                    // Rows after it move up: their messages no longer fit them.
                    for (let i = row; i < lines.length; i++) {
                      for (const name of ["sku", "quantity", "unitCost"] as const) {
                        clearError(lineField(i, name));
                      }
                    }
                    setLines((all) => all.filter((l) => l.key !== line.key));
                  }}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => setLines((all) => [...all, emptyLine()])}
        >
          <Plus className="size-4" aria-hidden /> Add line
        </Button>
        <p className="text-sm">
          Total:{" "}
          <span className="font-semibold tabular-nums">{formatMoney(total, { cents: true })}</span>
        </p>
      </div>
    </div>
  );
}
