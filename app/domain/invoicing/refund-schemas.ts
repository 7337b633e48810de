import { z } from "zod";
import { amountAt } from "~/lib/amount-field";

/** A line's quantity field on the refund form: `qty.3` for the invoice's line at position 3. */
export const refundQuantityField = (position: number) => `qty.${position}`;
const QUANTITY_FIELD = /^qty\.(\d{1,4})$/;

export const REFUND_REASON_MAX = 255;

/** What the refund form asks for, as the domain takes it. */
export type RefundInput = {
  /** Invoice lines (by position) and how many of each come back; empty for an amount. */
  lines: { position: number; quantity: number }[];
  /** The amount to pay back when no lines are chosen. */
  amountCents: number | null;
  reason: string;
  method: "provider" | "eft";
  eftReference: string;
  restock: boolean;
};

const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

/**
 * The order page's refund form: quantities of the invoice's lines, or an amount in Rand (one or
 * the other), a reason, and how the money goes back (the provider that took it, or an EFT by
 * the shop with its reference). Goods may go back into stock when lines are chosen.
 */
export const refundFormSchema = z
  .object({
    amount: formText,
    reason: formText,
    method: formText,
    eftReference: formText,
    restock: formText,
  })
  .passthrough()
  .transform((input, ctx): RefundInput => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const lines: RefundInput["lines"] = [];
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      const match = QUANTITY_FIELD.exec(key);
      if (!match) continue;
      const text = typeof value === "string" ? value.trim() : "";
      if (text === "" || text === "0") continue;
      if (!/^\d{1,5}$/.test(text)) {
        issue(key, "Enter a whole number of 0 or more.");
        continue;
      }
      lines.push({ position: Number(match[1]), quantity: Number(text) });
    }
    let amountCents: number | null = null;
    if (input.amount) {
      amountCents = amountAt(ctx, "amount", input.amount, { min: 1 });
      if (amountCents !== null && lines.length > 0) {
        issue("amount", "Choose lines or enter an amount, not both.");
      }
    } else if (lines.length === 0) {
      issue("amount", "Choose the lines to refund, or enter an amount.");
    }
    if (input.reason.length < 3) issue("reason", "Say why the money is paid back.");
    if (input.reason.length > REFUND_REASON_MAX) issue("reason", "This is too long.");
    const method = input.method === "eft" ? "eft" : input.method === "provider" ? "provider" : null;
    if (!method) issue("method", "Choose how the money goes back.");
    if (method === "eft" && input.eftReference.length < 3) {
      issue("eftReference", "Enter the EFT's reference from the bank.");
    }
    if (input.eftReference.length > 100) issue("eftReference", "This is too long.");
    return {
      lines,
      amountCents,
      reason: input.reason,
      method: method ?? "provider",
      eftReference: input.eftReference,
      restock: input.restock === "on" || input.restock === "true",
    };
  });
