import { z } from "zod";
import { dbIdFieldSchema, parseDbId } from "~/lib/db-ids";
import type { FieldErrors } from "~/lib/forms";
import { textField } from "~/lib/forms";

/** What the Adjust Stock dialog records (returns come only from refunded orders). */
export const STOCK_MOVEMENT_TYPES = ["adjustment", "purchase_receipt", "transfer", "sale"] as const;
export type StockMovementType = (typeof STOCK_MOVEMENT_TYPES)[number];

/** The most units one movement or threshold may name. */
export const MAX_STOCK_UNITS = 100_000;
export const STOCK_REASON_MAX = 500;

const units = (message: string) =>
  z
    .string({ message })
    .trim()
    .regex(/^[+-]?\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => Math.abs(n) <= MAX_STOCK_UNITS, {
      message: "Enter 100,000 units or fewer.",
    });

/** An optional warehouse field: empty is none; anything else must be an id. */
const optionalWarehouse = z
  .unknown()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text === null || (typeof text === "string" && text.trim() === "")) {
      return null;
    }
    const id = parseDbId(text);
    if (id === null) {
      ctx.addIssue({ code: "custom", message: "Choose a warehouse." });
      return z.NEVER;
    }
    return id;
  });

const adjustStockFields = z.object({
  sku: z
    .string({ message: "Choose a product: type its SKU or name and pick it from the list." })
    .trim()
    .min(1, "Choose a product: type its SKU or name and pick it from the list.")
    .max(100, "This is too long."),
  warehouseId: dbIdFieldSchema("Choose a warehouse."),
  kind: z.enum(STOCK_MOVEMENT_TYPES, { message: "Choose a movement type." }),
  quantity: units("Enter a whole number of units."),
  reason: textField({ max: STOCK_REASON_MAX }),
  toWarehouseId: optionalWarehouse,
});

export type AdjustStockInput = z.output<typeof adjustStockFields>;

/**
 * The rules between the fields, by field: the form shows them before sending and adjustStock
 * refuses the same. An adjustment is signed (+ adds, − removes) and says why; the other kinds
 * name how many units (1 or more); a transfer goes to another warehouse.
 */
export function movementProblems(input: AdjustStockInput): FieldErrors {
  const problems: FieldErrors = {};
  if (input.kind === "adjustment") {
    if (input.quantity === 0) {
      problems.quantity = "Enter a number other than zero: + adds units, - removes them.";
    }
    if (!input.reason.trim()) {
      problems.reason = "Say why the stock is adjusted (for example: counted, damaged, found).";
    }
  } else if (input.quantity <= 0) {
    problems.quantity = "Enter how many units: 1 or more.";
  }
  if (input.kind === "transfer") {
    if (input.toWarehouseId === null) {
      problems.toWarehouseId = "Choose the warehouse the stock goes to.";
    } else if (input.toWarehouseId === input.warehouseId) {
      problems.toWarehouseId = "Choose another warehouse than the one the stock leaves.";
    }
  }
  return problems;
}

/** The Adjust Stock dialog's form, checked in the browser and again by the action. */
export const adjustStockSchema = adjustStockFields.superRefine((input, ctx) => {
  for (const [field, message] of Object.entries(movementProblems(input))) {
    ctx.addIssue({ code: "custom", path: [field], message });
  }
});

/** A level's low-stock threshold, from its row on the stock card. */
export const lowStockThresholdSchema = z.object({
  warehouseId: dbIdFieldSchema("Choose a warehouse."),
  threshold: z
    .string({ message: "Enter a whole number of units, 0 or more." })
    .trim()
    .regex(/^\d{1,9}$/, "Enter a whole number of units, 0 or more.")
    .transform(Number)
    .refine((n) => n <= MAX_STOCK_UNITS, {
      message: "Enter 100,000 units or fewer.",
    }),
});
export type LowStockThresholdInput = z.output<typeof lowStockThresholdSchema>;
