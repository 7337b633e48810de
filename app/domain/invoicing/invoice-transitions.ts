import { formatDay } from "~/lib/dates";
import type { InvoiceStatus } from "./invoice-status";

/**
 * What staff may do to an invoice, by its stored status (overdue is a sent invoice):
 *
 *   draft -> sent -> paid        (edit only a draft; send a draft, or a sent one again as a copy)
 *   draft -> cancelled           (the number stays in the series, marked cancelled)
 *   sent | paid: credit          (a credit note reduces it; as much as is left, checked then)
 *
 * Sending issues a tax invoice, and an issued one is never voided (VAT Act s21): only a draft
 * is cancelled; a sent or paid invoice is reduced by a credit note.
 */
export const INVOICE_ACTIONS = ["edit", "send", "mark_paid", "credit", "cancel"] as const;
export type InvoiceAction = (typeof INVOICE_ACTIONS)[number];

const ALLOWED: Record<InvoiceStatus, readonly InvoiceAction[]> = {
  draft: ["edit", "send", "cancel"],
  sent: ["send", "mark_paid", "credit"],
  paid: ["credit"],
  cancelled: [],
};

export function canDoInvoiceAction(status: InvoiceStatus, action: InvoiceAction): boolean {
  return ALLOWED[status].includes(action);
}

/** The actions an invoice in `status` allows, in the order its page shows them. */
export function allowedInvoiceActions(status: InvoiceStatus): InvoiceAction[] {
  return INVOICE_ACTIONS.filter((action) => canDoInvoiceAction(status, action));
}

export function isInvoiceAction(value: unknown): value is InvoiceAction {
  return typeof value === "string" && (INVOICE_ACTIONS as readonly string[]).includes(value);
}

/**
 * Why an invoice in `status` refuses `action`, as staff read it (the server's 409), or null
 * when it allows it.
 */
export function invoiceActionRefusal(
  invoiceNumber: string,
  status: InvoiceStatus,
  action: InvoiceAction,
): string | null {
  if (canDoInvoiceAction(status, action)) return null;
  const is = (state: string) => `${invoiceNumber} is ${state}`;
  switch (action) {
    case "edit":
      return `${is(status)}: only a draft can be changed.`;
    case "send":
      return status === "cancelled"
        ? `${is("cancelled")}: a cancelled invoice is not sent.`
        : `${is("paid")}: there is nothing left to send it for.`;
    case "mark_paid":
      return status === "draft"
        ? `${is("still a draft")}: send it before marking it paid.`
        : status === "paid"
          ? `${is("already paid")}.`
          : `${is("cancelled")}: a cancelled invoice cannot be paid.`;
    case "credit":
      return status === "draft"
        ? `${is("still a draft")}: it was never issued, so there is nothing to credit.`
        : `${is("cancelled")}: it was never issued, so there is nothing to credit.`;
    case "cancel":
      return status === "cancelled"
        ? `${is("already cancelled")}.`
        : `${is(status === "paid" ? "paid" : "issued")}: an issued tax invoice is never voided; a credit note reduces it instead.`;
  }
}

/** The line a cancellation adds to an invoice's notes: the day and the reason. */
export function cancellationNote(notes: string, day: string, reason: string): string {
  const line = `Cancelled on ${formatDay(day)}: ${reason}`;
  return notes.trim() ? `${notes.trimEnd()}\n${line}` : line;
}
