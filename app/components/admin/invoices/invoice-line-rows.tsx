import { Plus, Trash2 } from "lucide-react";
import { LineFieldMessage, lineFieldAria } from "~/components/admin/line-field";
import { Button } from "~/components/admin/ui/button";
import { Input, Label } from "~/components/admin/ui/input";
import { VariantSkuInput } from "~/components/admin/variant-sku-input";
import type { VariantSuggestion } from "~/domain/catalog/variant-suggestion";
import { invoiceAmounts } from "~/domain/invoicing/invoice-amounts";
import {
  invoiceLineField,
  LINE_DESCRIPTION_MAX,
  type InvoiceLineFieldName,
} from "~/domain/invoicing/manual-invoice-schemas";
import type { FieldErrors } from "~/lib/forms";
import { formatMoney, MONEY_INPUT, parseAmount } from "~/lib/money";

export type InvoiceLineDraft = {
  key: number;
  sku: string;
  description: string;
  quantity: string;
  unitPrice: string;
  /** What the SKU names, once known ("Dream Mattress · Queen"). */
  label?: string;
  /** The description the catalogue gave a saved line: it goes when the SKU changes. */
  catalogueDescription?: string;
};

let nextKey = 1;
export const emptyInvoiceLine = (): InvoiceLineDraft => ({
  key: nextKey++,
  sku: "",
  description: "",
  quantity: "",
  unitPrice: "",
});

const FIELDS: InvoiceLineFieldName[] = ["sku", "description", "quantity", "unitPrice"];
const money = (cents: number) => formatMoney(cents, { cents: true });
/** A suggestion as the invoice form shows it: what the buyer gets, not what it cost the shop. */
const productAndSize = (v: VariantSuggestion) => `${v.title} · ${v.size}`;

/** A line's total as typed, or null while its quantity or price is not a number yet. */
function lineTotal(line: InvoiceLineDraft): number | null {
  const quantity = /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : null;
  const price = parseAmount(line.unitPrice);
  return quantity === null || price === null ? null : quantity * price;
}

/**
 * The lines of an invoice form. A line from the catalogue: its SKU (suggested as it is typed)
 * and a unit price that, left empty, is the size's selling price when the invoice is saved; a
 * line not in the catalogue: a description and a unit price. Prices are in Rand, VAT included.
 * Rows left empty are skipped by the form's schema.
 */
export function InvoiceLineRows({
  lines,
  setLines,
  errors,
  clearError,
}: {
  lines: InvoiceLineDraft[];
  setLines: (update: (lines: InvoiceLineDraft[]) => InvoiceLineDraft[]) => void;
  errors: FieldErrors;
  clearError: (name: string) => void;
}) {
  const update = (key: number, change: (line: InvoiceLineDraft) => Partial<InvoiceLineDraft>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change(l) } : l)));
  const priced = lines.map(lineTotal);
  const amounts = invoiceAmounts(priced.map((cents) => ({ lineTotalCents: cents ?? 0 })));
  const atCurrentPrice = lines.filter((l) => l.sku.trim() && !l.unitPrice.trim()).length;
  /** A new SKU: the catalogue's description of the old one no longer fits. */
  const skuChanged = (line: InvoiceLineDraft, sku: string): Partial<InvoiceLineDraft> => ({
    sku,
    label: undefined,
    ...(line.catalogueDescription !== undefined && line.description === line.catalogueDescription
      ? { description: "", catalogueDescription: undefined }
      : {}),
  });

  return (
    <div className="space-y-3">
      <p id="lines-hint" className="text-sm text-muted-foreground">
        A line from the catalogue needs its SKU: an empty description and unit price take the
        product&apos;s name and its current price. A line not in the catalogue needs a description
        and a unit price. Prices include VAT.
      </p>
      {errors.lines && (
        <p id="lines-error" className="text-sm text-destructive" role="alert">
          {errors.lines}
        </p>
      )}
      <ol className="space-y-3" aria-label="Lines">
        {lines.map((line, row) => {
          const name = (field: InvoiceLineFieldName) => invoiceLineField(row, field);
          const catalogue = line.sku.trim() !== "";
          const totalCents = lineTotal(line);
          return (
            <li
              key={line.key}
              className="grid gap-3 rounded-md border p-3 md:grid-cols-[minmax(0,11rem)_minmax(0,1fr)_6rem_8rem_8rem_auto] md:items-start"
              data-testid="invoice-line"
            >
              <div className="space-y-1.5">
                <Label htmlFor={`field-${name("sku")}`}>Line {row + 1}: SKU or product</Label>
                <VariantSkuInput
                  id={`field-${name("sku")}`}
                  name={name("sku")}
                  value={line.sku}
                  onChange={(value) => {
                    clearError(name("sku"));
                    update(line.key, (l) => skuChanged(l, value));
                  }}
                  describe={productAndSize}
                  onPick={(variant) => {
                    clearError(name("sku"));
                    update(line.key, (l) => ({
                      sku: variant.sku,
                      label: productAndSize(variant),
                      quantity: l.quantity || "1",
                    }));
                  }}
                  {...lineFieldAria(errors, name("sku"))}
                />
                {line.label && <p className="text-xs text-muted-foreground">{line.label}</p>}
                <LineFieldMessage errors={errors} name={name("sku")} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`field-${name("description")}`}>Description</Label>
                <Input
                  id={`field-${name("description")}`}
                  name={name("description")}
                  maxLength={LINE_DESCRIPTION_MAX}
                  placeholder={catalogue ? "The product's name and size" : "What is sold"}
                  value={line.description}
                  onChange={(e) => {
                    clearError(name("description"));
                    clearError(name("sku"));
                    update(line.key, () => ({ description: e.target.value }));
                  }}
                  {...lineFieldAria(errors, name("description"))}
                />
                <LineFieldMessage errors={errors} name={name("description")} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`field-${name("quantity")}`}>Quantity</Label>
                <Input
                  id={`field-${name("quantity")}`}
                  name={name("quantity")}
                  inputMode="numeric"
                  placeholder="1"
                  value={line.quantity}
                  onChange={(e) => {
                    clearError(name("quantity"));
                    update(line.key, () => ({ quantity: e.target.value }));
                  }}
                  {...lineFieldAria(errors, name("quantity"))}
                />
                <LineFieldMessage errors={errors} name={name("quantity")} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={`field-${name("unitPrice")}`}>Unit price (R)</Label>
                <Input
                  id={`field-${name("unitPrice")}`}
                  name={name("unitPrice")}
                  {...MONEY_INPUT}
                  placeholder={catalogue ? "Current price" : "0.00"}
                  value={line.unitPrice}
                  onChange={(e) => {
                    clearError(name("unitPrice"));
                    update(line.key, () => ({ unitPrice: e.target.value }));
                  }}
                  {...lineFieldAria(errors, name("unitPrice"))}
                />
                <LineFieldMessage errors={errors} name={name("unitPrice")} />
              </div>
              <div className="space-y-1.5 md:text-right">
                <p className="text-sm font-medium">Line total</p>
                <p className="py-2 text-sm tabular-nums" data-testid="line-total">
                  {totalCents !== null
                    ? money(totalCents)
                    : catalogue && !line.unitPrice.trim()
                      ? "At its price"
                      : "–"}
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
                      for (const field of FIELDS) clearError(invoiceLineField(i, field));
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
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => setLines((all) => [...all, emptyInvoiceLine()])}
        >
          <Plus className="size-4" aria-hidden /> Add line
        </Button>
        <div className="text-right text-sm" data-testid="invoice-form-total">
          <p>
            Total (VAT included):{" "}
            <span className="font-semibold tabular-nums">{money(amounts.totalCents)}</span>
          </p>
          <p className="text-muted-foreground">
            VAT included: <span className="tabular-nums">{money(amounts.vatCents)}</span>
          </p>
          {atCurrentPrice > 0 && (
            <p className="text-muted-foreground">
              plus {atCurrentPrice} {atCurrentPrice === 1 ? "line" : "lines"} at the current price
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
