import { useState } from "react";
import { useNavigate } from "react-router";
import { Field, SelectField, TextareaField } from "~/components/admin/field";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { useAdminForm } from "~/components/admin/use-admin-form";
import { addDays } from "~/lib/dates";
import {
  lineField,
  PURCHASE_ORDER_NOTES_MAX,
  purchaseOrderFormSchema,
} from "~/domain/purchasing/purchase-order-schemas";
import type { FormActionResult } from "~/lib/forms";
import { emptyLine, PurchaseOrderLineRows, type LineDraft } from "./purchase-order-line-rows";

export type PurchaseOrderFormValues = {
  supplierId: string;
  expectedDate: string;
  notes: string;
  lines: Omit<LineDraft, "key">[];
};

/**
 * The form's cards take the page's background: the kit's red field messages reach only 4.4:1
 * on the dark theme's card colour (4.8:1 on its background).
 */
export const FORM_CARD = "bg-background";

type Supplier = { id: number; name: string; leadTimeDays: number };

/** What the action answers on success: where the saved purchase order is. */
export type SavedPurchaseOrder = FormActionResult & { to?: string };

/** The values a refused form (without JavaScript) posted, as the form's starting state. */
function keptValues(values: Record<string, string>): PurchaseOrderFormValues | null {
  if (!("supplierId" in values)) return null;
  const lines: PurchaseOrderFormValues["lines"] = [];
  for (let row = 0; values[lineField(row, "sku")] !== undefined; row++) {
    lines.push({
      sku: values[lineField(row, "sku")] ?? "",
      quantity: values[lineField(row, "quantity")] ?? "",
      unitCost: values[lineField(row, "unitCost")] ?? "",
    });
  }
  return {
    supplierId: values.supplierId ?? "",
    expectedDate: values.expectedDate ?? "",
    notes: values.notes ?? "",
    lines,
  };
}

/**
 * The create and edit form of a purchase order: supplier (active ones), expected date (set to
 * today plus the supplier's lead time when a supplier is chosen, until it is changed by hand),
 * notes and lines. Saved as a draft, or saved and submitted for approval.
 */
export function PurchaseOrderForm({
  suppliers,
  today,
  initial,
  pageResult,
  mode,
}: {
  suppliers: Supplier[];
  today: string;
  initial?: PurchaseOrderFormValues;
  pageResult?: SavedPurchaseOrder;
  mode: "create" | "edit";
}) {
  const navigate = useNavigate();
  const form = useAdminForm({
    schema: purchaseOrderFormSchema,
    pageResult,
    onSuccess: () => {
      const to = (form.fetcher.data as SavedPurchaseOrder | undefined)?.to;
      if (to) void navigate(to);
    },
  });
  const start = keptValues(form.values) ?? initial;
  const [supplierId, setSupplierId] = useState(start?.supplierId ?? "");
  const [expectedDate, setExpectedDate] = useState(start?.expectedDate ?? "");
  const [dateTouched, setDateTouched] = useState(Boolean(start?.expectedDate));
  const [lines, setLines] = useState<LineDraft[]>(() =>
    start?.lines.length ? start.lines.map((l) => ({ ...emptyLine(), ...l })) : [emptyLine()],
  );
  const { errors, clearError } = form;
  const saved = pageResult?.ok && pageResult.to;

  return (
    <form.fetcher.Form
      method="post"
      onSubmit={form.onSubmit}
      noValidate
      className="space-y-6"
      aria-label={mode === "create" ? "New purchase order" : "Edit purchase order"}
    >
      {saved && (
        <p role="status" className="rounded-md border p-3 text-sm">
          Saved.{" "}
          <a href={pageResult.to} className="text-primary underline">
            Open the purchase order
          </a>
          .
        </p>
      )}
      <Card className={FORM_CARD}>
        <CardHeader>
          <CardTitle>Supplier and delivery</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 md:grid-cols-2">
          <SelectField
            name="supplierId"
            label="Supplier"
            error={errors.supplierId}
            onEdit={clearError}
            value={supplierId}
            hint={
              suppliers.length === 0 ? "Add a supplier first: there is no active one." : undefined
            }
            onChange={(e) => {
              setSupplierId(e.target.value);
              const supplier = suppliers.find((s) => String(s.id) === e.target.value);
              if (supplier && !dateTouched) setExpectedDate(addDays(today, supplier.leadTimeDays));
            }}
          >
            <option value="">Choose a supplier</option>
            {suppliers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.leadTimeDays} {s.leadTimeDays === 1 ? "day" : "days"})
              </option>
            ))}
          </SelectField>
          <Field
            name="expectedDate"
            label="Expected date"
            type="date"
            min={today}
            hint="Empty: today plus the supplier's lead time."
            error={errors.expectedDate}
            onEdit={clearError}
            value={expectedDate}
            onChange={(e) => {
              setExpectedDate(e.target.value);
              setDateTouched(true);
            }}
          />
          <div className="md:col-span-2">
            <TextareaField
              name="notes"
              label="Notes"
              rows={3}
              maxLength={PURCHASE_ORDER_NOTES_MAX}
              placeholder="Delivery instructions, the supplier's quote number..."
              error={errors.notes}
              onEdit={clearError}
              defaultValue={start?.notes ?? ""}
            />
          </div>
        </CardContent>
      </Card>
      <Card className={FORM_CARD}>
        <CardHeader>
          <CardTitle>Lines</CardTitle>
        </CardHeader>
        <CardContent>
          <PurchaseOrderLineRows
            lines={lines}
            setLines={(update) => {
              clearError("lines");
              setLines(update);
            }}
            errors={errors}
            clearError={clearError}
          />
        </CardContent>
      </Card>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="submit"
          name="intent"
          value="draft"
          variant="outline"
          disabled={form.submitting}
        >
          {mode === "create" ? "Save as Draft" : "Save Draft"}
        </Button>
        <Button type="submit" name="intent" value="submit" disabled={form.submitting}>
          {form.submitting
            ? "Saving..."
            : mode === "create"
              ? "Create and Submit"
              : "Save and Submit"}
        </Button>
      </div>
    </form.fetcher.Form>
  );
}
