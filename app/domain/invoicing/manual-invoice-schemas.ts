import { z } from "zod";
import { addDays, isCalendarDay, shopToday } from "~/lib/dates";
import { amountAt } from "~/lib/amount-field";
import { EMAIL_MESSAGE, EMAIL_PATTERN, REQUIRED_MESSAGE } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { parseVatNumber, VAT_NUMBER_MESSAGE } from "~/lib/vat-number";

/** A new invoice is due this many days after today unless staff choose another day. */
export const DEFAULT_DUE_DAYS = 30;
export const MAX_INVOICE_LINES = 200;
export const MAX_INVOICE_LINE_QUANTITY = 100_000;
/** Far above any phone order, and within the database's integers. */
export const MAX_INVOICE_TOTAL_CENTS = 2_000_000_000;
export const INVOICE_NOTES_MAX = 2000;
export const BUYER_ADDRESS_MAX = 500;
export const LINE_DESCRIPTION_MAX = 200;
export const PAYMENT_REFERENCE_MAX = 100;
export const CANCEL_REASON_MAX = 500;

export type InvoiceLineFieldName = "sku" | "description" | "quantity" | "unitPrice";

/** A form field of one line: `lines.3.sku`, `lines.3.description`, `lines.3.unitPrice`. */
export const invoiceLineField = (row: number, name: InvoiceLineFieldName) => `lines.${row}.${name}`;

const LINE_FIELD = /^lines\.(\d{1,3})\.(sku|description|quantity|unitPrice)$/;

export type InvoiceLineInput = {
  /** The form's row, for messages by the right field. */
  row: number;
  /** Upper case; "" for a line not in the catalogue. */
  sku: string;
  /** As typed; "" on a catalogue line means the product's name and size. */
  description: string;
  quantity: number;
  /** VAT-inclusive; null on a catalogue line left empty: the size's current selling price. */
  unitPriceCents: number | null;
};

/** A form value as trimmed text ("" for a missing field or a file). */
const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

const QUANTITY_MESSAGE = "Enter a whole number of 1 or more.";
const MAX_TOTAL_TEXT = formatMoney(MAX_INVOICE_TOTAL_CENTS, { cents: true });

/** A whole number of units from 1 up, or null. */
function parseQuantity(text: string): number | null {
  if (!/^\d{1,7}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= MAX_INVOICE_LINE_QUANTITY ? n : null;
}

/** The address as lines: each trimmed, empty ones left out, one per line. */
export function addressLines(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

export { parseVatNumber } from "~/lib/vat-number";

/**
 * The create and edit form of an invoice made by staff (a bulk order agreed by phone): the
 * buyer (name required; e-mail, phone, address and VAT number optional), the due date (empty:
 * today plus 30 days, never before today, in the shop's time zone), notes, and lines. A line is
 * from the catalogue (its SKU; the unit price may be left empty for the size's current price)
 * or free text (a description and a unit price), with a whole quantity of 1 or more; prices are
 * in Rand, VAT included, and never negative. Rows left empty are skipped.
 */
export const manualInvoiceFormSchema = z
  .object({
    // Checked in the transform below, so that every field's message shows at the same time.
    buyerName: formText,
    buyerEmail: formText,
    buyerPhone: formText,
    buyerAddress: z
      .unknown()
      .optional()
      .transform((v) => (typeof v === "string" ? addressLines(v) : "")),
    buyerVatNumber: formText,
    dueDate: formText,
    notes: formText,
  })
  .passthrough()
  .transform((input, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });

    if (!input.buyerName) issue("buyerName", REQUIRED_MESSAGE);
    else if (input.buyerName.length > 200) issue("buyerName", "This is too long.");
    const buyerEmail = input.buyerEmail.toLowerCase();
    if (buyerEmail.length > 254) issue("buyerEmail", "This is too long.");
    else if (buyerEmail && !EMAIL_PATTERN.test(buyerEmail)) issue("buyerEmail", EMAIL_MESSAGE);
    if (input.buyerPhone.length > 40) issue("buyerPhone", "This is too long.");
    else if (/[^\d\s()+-]/.test(input.buyerPhone)) {
      issue("buyerPhone", "Enter a phone number such as 018 632 1234.");
    }
    if (input.buyerAddress.length > BUYER_ADDRESS_MAX) issue("buyerAddress", "This is too long.");
    const buyerVatNumber = input.buyerVatNumber ? parseVatNumber(input.buyerVatNumber) : "";
    if (buyerVatNumber === null) {
      issue("buyerVatNumber", VAT_NUMBER_MESSAGE);
    }

    const today = shopToday();
    const dueDate = input.dueDate || addDays(today, DEFAULT_DUE_DAYS);
    if (!isCalendarDay(dueDate)) issue("dueDate", "Enter a date such as 2026-05-01.");
    else if (dueDate < today) issue("dueDate", "The due date cannot be in the past.");
    if (input.notes.length > INVOICE_NOTES_MAX) issue("notes", "This is too long.");

    const fields = input as Record<string, unknown>;
    const rows = new Set<number>();
    for (const key of Object.keys(fields)) {
      const match = LINE_FIELD.exec(key);
      if (match) rows.add(Number(match[1]));
    }
    const text = (row: number, name: InvoiceLineFieldName) => {
      const value = fields[invoiceLineField(row, name)];
      return typeof value === "string" ? value.trim() : "";
    };
    const lines: InvoiceLineInput[] = [];
    let knownTotal = 0;
    for (const row of [...rows].sort((a, b) => a - b)) {
      const field = (name: InvoiceLineFieldName) => invoiceLineField(row, name);
      const sku = text(row, "sku").toUpperCase();
      const description = text(row, "description");
      const quantityText = text(row, "quantity");
      const priceText = text(row, "unitPrice");
      if (!sku && !description && !quantityText && !priceText) continue;
      if (!sku && !description) {
        issue(field("sku"), "Enter a SKU, or describe a line that is not in the catalogue.");
      }
      if (sku.length > 64) issue(field("sku"), "This is too long.");
      if (description.length > LINE_DESCRIPTION_MAX)
        issue(field("description"), "This is too long.");
      const quantity = parseQuantity(quantityText);
      if (quantity === null) {
        issue(
          field("quantity"),
          /^\d+$/.test(quantityText) && Number(quantityText) > MAX_INVOICE_LINE_QUANTITY
            ? `A line takes at most ${MAX_INVOICE_LINE_QUANTITY} units.`
            : QUANTITY_MESSAGE,
        );
      }
      const unitPriceCents = amountAt(ctx, field("unitPrice"), priceText, {
        minMessage: "The unit price cannot be negative.",
        // A catalogue line left empty takes the size's current price.
        required: sku ? undefined : "Enter the unit price of a line not in the catalogue.",
      });
      knownTotal += (quantity ?? 0) * (unitPriceCents ?? 0);
      lines.push({ row, sku, description, quantity: quantity ?? 0, unitPriceCents });
    }
    if (lines.length === 0) {
      issue("lines", "Add at least one line: a SKU or a description, and a quantity.");
    } else if (lines.length > MAX_INVOICE_LINES) {
      issue("lines", `An invoice takes at most ${MAX_INVOICE_LINES} lines.`);
    } else if (knownTotal > MAX_INVOICE_TOTAL_CENTS) {
      issue("lines", `An invoice can come to at most ${MAX_TOTAL_TEXT}.`);
    }
    return {
      buyer: {
        name: input.buyerName,
        email: buyerEmail,
        phone: input.buyerPhone,
        address: input.buyerAddress,
        vatNumber: buyerVatNumber ?? "",
      },
      dueDate,
      notes: input.notes,
      lines,
    };
  });

export type ManualInvoiceInput = z.output<typeof manualInvoiceFormSchema>;

/** Mark paid: the payment's reference (the EFT's, a deposit slip's), as the bank shows it. */
export const markInvoicePaidSchema = z.object({
  paymentReference: formText.pipe(
    z
      .string()
      .min(1, "Enter the payment's reference, as the bank statement shows it.")
      .max(PAYMENT_REFERENCE_MAX, "This is too long."),
  ),
});

/** Cancel: why, kept on the invoice's notes. */
export const cancelInvoiceSchema = z.object({
  reason: formText.pipe(
    z
      .string()
      .min(1, "Say why the invoice is cancelled.")
      .max(CANCEL_REASON_MAX, "This is too long."),
  ),
});
