import { z } from "zod";
import { parseDbId } from "~/lib/db-ids";
import { isCalendarDay, shopToday } from "~/lib/dates";
import { amountAt } from "~/lib/amount-field";

/** The most lines one purchase order takes, and the most units of one line. */
export const MAX_PURCHASE_ORDER_LINES = 200;
export const MAX_LINE_QUANTITY = 100_000;
export const PURCHASE_ORDER_NOTES_MAX = 2000;

/** A form field of one line: `lines.3.sku`, `lines.3.quantity`, `lines.3.unitCost`. */
export const lineField = (row: number, name: "sku" | "quantity" | "unitCost") =>
  `lines.${row}.${name}`;

const LINE_FIELD = /^lines\.(\d{1,3})\.(sku|quantity|unitCost)$/;

export type PurchaseOrderLineInput = {
  /** The form's row, for messages by the right field. */
  row: number;
  sku: string;
  quantity: number;
  /** Null when left empty: the variant's current cost is taken. */
  unitCostCents: number | null;
};

/** A form value as trimmed text ("" for a missing field or a file). */
const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

const QUANTITY_MESSAGE = "Enter a whole number of 1 or more.";

/** A whole number of units from text, or null. */
export function parseQuantity(text: string, min: number): number | null {
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= MAX_LINE_QUANTITY ? n : null;
}

/**
 * The create and edit form of a purchase order: supplier, expected date (empty: today plus the
 * supplier's lead time, not before today), notes, and lines of SKU, quantity and unit cost in
 * Rand (empty: the variant's cost). Rows left empty are skipped; one SKU appears once.
 * "Create and submit" sends intent=submit.
 */
export const purchaseOrderFormSchema = z
  .object({
    // Checked in the transform below, so that every field's message shows at the same time.
    supplierId: formText,
    expectedDate: formText,
    notes: formText,
    intent: formText,
  })
  .passthrough()
  .transform((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const supplierId = parseDbId(input.supplierId);
    if (supplierId === null) issue("supplierId", "Choose a supplier.");
    const expectedDate = input.expectedDate || null;
    if (expectedDate && !isCalendarDay(expectedDate)) {
      issue("expectedDate", "Enter a date such as 2026-05-01.");
    } else if (expectedDate && expectedDate < shopToday()) {
      issue("expectedDate", "The expected date cannot be in the past.");
    }
    if (input.notes.length > PURCHASE_ORDER_NOTES_MAX) issue("notes", "This is too long.");

    const fields = input as Record<string, unknown>;
    const rows = new Set<number>();
    for (const key of Object.keys(fields)) {
      const match = LINE_FIELD.exec(key);
      if (match) rows.add(Number(match[1]));
    }
    const text = (row: number, name: "sku" | "quantity" | "unitCost") => {
      const value = fields[lineField(row, name)];
      return typeof value === "string" ? value.trim() : "";
    };
    const lines: PurchaseOrderLineInput[] = [];
    const rowOfSku = new Map<string, number>();
    for (const row of [...rows].sort((a, b) => a - b)) {
      const sku = text(row, "sku").toUpperCase();
      const quantityText = text(row, "quantity");
      const costText = text(row, "unitCost");
      if (!sku && !quantityText && !costText) continue;
      if (!sku) issue(lineField(row, "sku"), "Enter the SKU of a product.");
      else if (sku.length > 64) issue(lineField(row, "sku"), "This is too long.");
      else if (rowOfSku.has(sku)) {
        issue(lineField(row, "sku"), `${sku} is already on line ${rowOfSku.get(sku)! + 1}.`);
      } else rowOfSku.set(sku, row);
      const quantity = parseQuantity(quantityText, 1);
      if (quantity === null) {
        issue(
          lineField(row, "quantity"),
          quantityText ? `${QUANTITY_MESSAGE} (at most ${MAX_LINE_QUANTITY})` : QUANTITY_MESSAGE,
        );
      }
      const unitCostCents = amountAt(ctx, lineField(row, "unitCost"), costText);
      lines.push({ row, sku, quantity: quantity ?? 0, unitCostCents });
    }
    if (lines.length === 0) issue("lines", "Add at least one line: a SKU and a quantity.");
    if (lines.length > MAX_PURCHASE_ORDER_LINES) {
      issue("lines", `A purchase order takes at most ${MAX_PURCHASE_ORDER_LINES} lines.`);
    }
    return {
      supplierId: supplierId ?? 0,
      expectedDate,
      notes: input.notes,
      submit: input.intent === "submit",
      lines,
    };
  });

export type PurchaseOrderFormInput = z.output<typeof purchaseOrderFormSchema>;

/** A receipt's quantity field for one line: `receive.12` (the line's id). */
export const receiveField = (lineId: number) => `receive.${lineId}`;

const RECEIVE_FIELD = /^receive\.(\d{1,10})$/;

/**
 * The receive form: the warehouse the goods go into and, per line, how many came in (0 or
 * more; at least one line more than 0). Whether that fits what is still to come is the
 * domain's check, by the line.
 */
export const receivePurchaseOrderSchema = z
  .object({ warehouseId: formText })
  .passthrough()
  .transform((input, ctx) => {
    const warehouseId = parseDbId(input.warehouseId);
    if (warehouseId === null) {
      ctx.addIssue({ code: "custom", path: ["warehouseId"], message: "Choose a warehouse." });
    }
    const quantities: { lineId: number; quantity: number }[] = [];
    let refused = false;
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const match = RECEIVE_FIELD.exec(key);
      if (!match) continue;
      const text = typeof value === "string" ? value.trim() : "";
      const quantity = text === "" ? 0 : parseQuantity(text, 0);
      if (quantity === null) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "Enter a whole number of 0 or more.",
        });
        refused = true;
      } else if (quantity > 0) quantities.push({ lineId: Number(match[1]), quantity });
    }
    if (quantities.length === 0 && !refused) {
      ctx.addIssue({
        code: "custom",
        path: ["receive"],
        message: "Enter how many units came in on at least one line.",
      });
    }
    return { warehouseId: warehouseId ?? 0, quantities };
  });

export type ReceivePurchaseOrderInput = z.output<typeof receivePurchaseOrderSchema>;
