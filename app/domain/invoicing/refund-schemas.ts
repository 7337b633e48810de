import { z } from "zod";
import { amountAt } from "~/lib/amount-field";
import { parseDbId } from "~/lib/db-ids";

/*
 * Giving money back on an invoice: a web order's refund and a hand-made invoice's credit note
 * ask the same first questions, lines (`qty.0`, by the invoice line's position) or an amount,
 * and a reason, then each their own (how a refund goes back; how a paid invoice's money went
 * back, and a confirmation of the amount).
 */

/** A line's quantity field on the refund form: `qty.3` for the invoice's line at position 3. */
export const refundQuantityField = (position: number) => `qty.${position}`;
export { refundQuantityField as creditQuantityField };
const QUANTITY_FIELD = /^qty\.(\d{1,4})$/;

export const REFUND_REASON_MAX = 255;
export const CREDIT_REASON_MAX = REFUND_REASON_MAX;
export const PAID_BACK_REFERENCE_MAX = 100;

/** Invoice lines (by position) and how many of each; empty for an amount. */
type ChosenLines = { position: number; quantity: number }[];

/** What the refund form asks for, as the domain takes it. */
export type RefundInput = {
  /** Invoice lines (by position) and how many of each come back; empty for an amount. */
  lines: ChosenLines;
  /** The amount to pay back when no lines are chosen. */
  amountCents: number | null;
  reason: string;
  method: "provider" | "eft";
  eftReference: string;
  restock: boolean;
  /**
   * The order's refunds as its preview read them (refundsFingerprint): when given, the refund is
   * refused if they have changed since, so a confirmation posted twice pays back once.
   */
  refundsSeen?: string;
};

/** How money is paid back by hand: an EFT, cash, or a refund on the card machine at the till. */
export const PAID_BACK_METHODS = ["eft", "cash", "card"] as const;
export type PaidBackBy = (typeof PAID_BACK_METHODS)[number];
export type PaidBack = { by: PaidBackBy; reference: string };

/** "By EFT", "in cash", "by card at the till": as a sentence says how it went back. */
export const PAID_BACK_WORDS: Record<PaidBackBy, string> = {
  eft: "by EFT",
  cash: "in cash",
  card: "by card at the till",
};

/** Crediting a hand-made invoice, as the domain takes it. */
export type CreditInput = {
  /** Invoice lines (by position) and how many of each are credited; empty for an amount. */
  lines: ChosenLines;
  amountCents: number | null;
  reason: string;
  /**
   * When the invoice was paid: how the money went back by hand, with its reference, or
   * "not_yet" (recorded later); null when not said.
   */
  paidBack: PaidBack | "not_yet" | null;
  restock: boolean;
  /** The amount staff saw and confirmed, in cents: the note is refused if it would differ. */
  expectedCents?: number;
  /**
   * The invoice's credit notes as the form was given them (creditNotesFingerprint): the note is
   * refused if another was issued since, so a form posted twice credits once.
   */
  creditNotesSeen?: string;
};

const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

/** The questions both forms ask first, with the words each uses. */
const linesOrAmountFields = { amount: formText, reason: formText };

/**
 * Reads the chosen lines, or the amount (one or the other), and the reason; each problem is
 * put at its field in `ctx`.
 */
function readLinesOrAmount(
  input: { amount: string; reason: string },
  ctx: z.RefinementCtx,
  words: { nothingChosen: string; noReason: string },
): { lines: ChosenLines; amountCents: number | null } {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  const lines: ChosenLines = [];
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
    issue("amount", words.nothingChosen);
  }
  if (input.reason.length < 3) issue("reason", words.noReason);
  if (input.reason.length > REFUND_REASON_MAX) issue("reason", "This is too long.");
  return { lines, amountCents };
}

const checked = (value: string) => value === "on" || value === "true";

const PAID_BACK_REFERENCE_MISSING: Record<PaidBackBy, string> = {
  eft: "Enter the EFT's reference from the bank.",
  cash: "Enter the cash slip's number.",
  card: "Enter the card slip's reference from the till.",
};

/** How money went back by hand and its reference (`paidBackBy`, `paidBackReference`). */
function readPaidBack(
  input: { paidBackBy: string; paidBackReference: string },
  ctx: z.RefinementCtx,
): PaidBack | null {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: "custom", path: [path], message });
  const by = PAID_BACK_METHODS.find((m) => m === input.paidBackBy);
  if (!by) issue("paidBackBy", "Choose how the money was paid back.");
  else if (input.paidBackReference.length < 2) {
    issue("paidBackReference", PAID_BACK_REFERENCE_MISSING[by]);
  }
  if (input.paidBackReference.length > PAID_BACK_REFERENCE_MAX) {
    issue("paidBackReference", "This is too long.");
  }
  return by ? { by, reference: input.paidBackReference } : null;
}

/**
 * The order page's refund form: quantities of the invoice's lines, or an amount in Rand (one or
 * the other), a reason, and how the money goes back (the provider that took it, or an EFT by
 * the shop with its reference). Goods may go back into stock when lines are chosen.
 */
export const refundFormSchema = z
  .object({
    ...linesOrAmountFields,
    method: formText,
    eftReference: formText,
    restock: formText,
    refundsSeen: formText,
  })
  .passthrough()
  .transform((input, ctx): RefundInput => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const { lines, amountCents } = readLinesOrAmount(input, ctx, {
      nothingChosen: "Choose the lines to refund, or enter an amount.",
      noReason: "Say why the money is paid back.",
    });
    const method = input.method === "eft" ? "eft" : input.method === "provider" ? "provider" : null;
    if (!method) issue("method", "Choose how the money goes back.");
    if (method === "eft" && input.eftReference.length < 3) {
      issue("eftReference", "Enter the EFT's reference from the bank.");
    }
    if (input.eftReference.length > PAID_BACK_REFERENCE_MAX) {
      issue("eftReference", "This is too long.");
    }
    return {
      lines,
      amountCents,
      reason: input.reason,
      method: method ?? "provider",
      eftReference: input.eftReference,
      restock: checked(input.restock),
      ...(input.refundsSeen ? { refundsSeen: input.refundsSeen } : {}),
    };
  });

/**
 * The invoice page's credit form: quantities of its lines or an amount in Rand, a reason, and
 * for a paid invoice how the money went back (EFT, cash or card at the till) with its
 * reference, or that it is not paid back yet. Credited goods
 * from the catalogue go back into stock when asked. Staff confirm the amount the form shows
 * (`confirm`, with `expectedCents`, the amount shown).
 */
export const creditNoteFormSchema = z
  .object({
    ...linesOrAmountFields,
    paidBackBy: formText,
    paidBackReference: formText,
    restock: formText,
    confirm: formText,
    expectedCents: formText,
    creditNotesSeen: formText,
  })
  .passthrough()
  .transform((input, ctx): CreditInput => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    const { lines, amountCents } = readLinesOrAmount(input, ctx, {
      nothingChosen: "Choose the lines to credit, or enter an amount.",
      noReason: "Say why the invoice is credited.",
    });
    const paidBack =
      input.paidBackBy === "not_yet"
        ? ("not_yet" as const)
        : input.paidBackBy
          ? readPaidBack(input, ctx)
          : null;
    if (!checked(input.confirm)) issue("confirm", "Check the amount and confirm the credit note.");
    // The form always carries it; one without it was not filled in on the invoice's page.
    if (!input.creditNotesSeen) {
      issue("confirm", "Open the credit form again: nothing was credited.");
    }
    const expectedCents = /^\d{1,12}$/.test(input.expectedCents)
      ? Number(input.expectedCents)
      : undefined;
    return {
      expectedCents,
      creditNotesSeen: input.creditNotesSeen,
      lines,
      amountCents,
      reason: input.reason,
      paidBack,
      restock: checked(input.restock),
    };
  });

/** Recording that a credit note's money, not paid back when it was issued, has gone back now. */
export const paidBackFormSchema = z
  .object({ creditNoteId: formText, paidBackBy: formText, paidBackReference: formText })
  .transform((input, ctx) => ({
    /** Not an id: 0, which names no credit note (the domain answers 404). */
    creditNoteId: parseDbId(input.creditNoteId) ?? 0,
    // Null only with an issue added, so the form never reaches the domain without it.
    paidBack: readPaidBack(input, ctx)!,
  }));
