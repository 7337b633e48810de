import { z } from "zod";
import { amountAt } from "~/lib/amount-field";
import { refundQuantityField } from "./refund-schemas";

export const CREDIT_REASON_MAX = 255;
export const PAID_BACK_REFERENCE_MAX = 100;
const QUANTITY_FIELD = /^qty\.(\d{1,4})$/;

/** Crediting a hand-made invoice, as the domain takes it. */
export type CreditInput = {
  /** Invoice lines (by position) and how many of each are credited; empty for an amount. */
  lines: { position: number; quantity: number }[];
  amountCents: number | null;
  reason: string;
  /** How the money went back when the invoice was paid: by hand, by EFT or in cash. */
  paidBack: { by: "eft" | "cash"; reference: string } | null;
  restock: boolean;
  /** The amount staff saw and confirmed, in cents: the note is refused if it would differ. */
  expectedCents?: number;
};

const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

/**
 * The invoice page's credit form: quantities of its lines (`qty.0`, as the refund form names
 * them) or an amount in Rand, a reason, and for a paid invoice how the money went back (EFT or
 * cash) with its reference. Credited goods from the catalogue go back into stock when asked.
 * Staff confirm the amount the form shows (`confirm`, with `expectedCents`, the amount shown).
 */
export const creditNoteFormSchema = z
  .object({
    amount: formText,
    reason: formText,
    paidBackBy: formText,
    paidBackReference: formText,
    restock: formText,
    confirm: formText,
    expectedCents: formText,
  })
  .passthrough()
  .transform((input, ctx): CreditInput => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const lines: CreditInput["lines"] = [];
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const match = QUANTITY_FIELD.exec(key);
      if (!match) continue;
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "" || text === "0") continue;
      if (!/^\d{1,5}$/.test(text)) issue(key, "Enter a whole number of 0 or more.");
      else lines.push({ position: Number(match[1]), quantity: Number(text) });
    }
    let amountCents: number | null = null;
    if (input.amount) {
      amountCents = amountAt(ctx, "amount", input.amount, { min: 1 });
      if (amountCents !== null && lines.length > 0) {
        issue("amount", "Choose lines or enter an amount, not both.");
      }
    } else if (lines.length === 0) {
      issue("amount", "Choose the lines to credit, or enter an amount.");
    }
    if (input.reason.length < 3) issue("reason", "Say why the invoice is credited.");
    if (input.reason.length > CREDIT_REASON_MAX) issue("reason", "This is too long.");
    const by = input.paidBackBy;
    if (by && by !== "eft" && by !== "cash") issue("paidBackBy", "Choose EFT or cash.");
    if ((by === "eft" || by === "cash") && input.paidBackReference.length < 2) {
      issue(
        "paidBackReference",
        by === "eft" ? "Enter the EFT's reference from the bank." : "Enter the cash slip's number.",
      );
    }
    if (input.paidBackReference.length > PAID_BACK_REFERENCE_MAX) {
      issue("paidBackReference", "This is too long.");
    }
    if (input.confirm !== "on" && input.confirm !== "true") {
      issue("confirm", "Check the amount and confirm the credit note.");
    }
    const expectedCents = /^\d{1,12}$/.test(input.expectedCents)
      ? Number(input.expectedCents)
      : undefined;
    return {
      expectedCents,
      lines,
      amountCents,
      reason: input.reason,
      paidBack: by === "eft" || by === "cash" ? { by, reference: input.paidBackReference } : null,
      restock: input.restock === "on" || input.restock === "true",
    };
  });

export { refundQuantityField as creditQuantityField };
